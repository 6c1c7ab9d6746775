import { describe, expect, it } from "vitest";
import { VIEWPORTS } from "./support/browser";
import { shopSuite } from "./support/suite";

const suite = shopSuite();
const desktop = VIEWPORTS[VIEWPORTS.length - 1] ?? VIEWPORTS[0];

describe("the API documentation at /api/docs", () => {
  it("shows every group of endpoints; its policy (the shop's, with inline styles) blocks nothing", async () => {
    if (!desktop) throw new Error("No viewport to test with.");
    await suite.journey(desktop, "api-docs", async (tab) => {
      const { page } = tab;
      await page.goto("/api/docs");
      await page.getByRole("heading", { name: /Bandung Florist API/ }).waitFor();
      for (const group of ["accounts", "catalogue", "cart", "orders", "reviews", "posts", "settings", "health"]) {
        await page.locator(`#operations-tag-${group}`).waitFor();
      }
      // An operation opens to show its answer, drawn from the schema it declares.
      await page.locator("#operations-accounts-post_api_users_login").getByText("/api/users/login").click();
      await page.locator("#operations-accounts-post_api_users_login").getByText("retryAfter").first().waitFor();
      await page.waitForLoadState("networkidle");
      expect(tab.cspViolations).toEqual([]);
    });
  });
});
