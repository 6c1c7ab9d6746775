import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { loginAsAdmin, rupiahValue } from "./admin-helpers";
import { screenshot, VIEWPORTS } from "./support/browser";
import { shopSuite } from "./support/suite";

const JOURNEY = "admin-products-list";

const suite = shopSuite();

const rows = (page: Page) => page.locator(".products-table tbody tr");

/** The products the table shows, each with its category and price, in the order shown. */
async function shown(page: Page) {
  return rows(page).evaluateAll((trs) =>
    trs.map((tr) => ({
      name: tr.querySelector(".cell-title")?.textContent ?? "",
      category: tr.querySelector("td[data-label='Category']")?.textContent ?? "",
      price: Number((tr.querySelector("td[data-label='Price']")?.textContent ?? "").replace(/[^\d]/g, "")),
    })),
  );
}

/** Waits until the table shows what `ready` accepts (the server answers each change anew). */
async function until(page: Page, ready: (list: Awaited<ReturnType<typeof shown>>) => boolean) {
  await expect.poll(async () => ready(await shown(page)), { timeout: 10_000 }).toBe(true);
  return shown(page);
}

const pricesOf = (list: { price: number }[]) => list.map((row) => row.price);
const sameList = (a: number[], b: number[]) => a.length === b.length && a.every((value, i) => value === b[i]);

describe.each(VIEWPORTS)("the admin's product list at $width px", (viewport) => {
  it("searches, filters by category and sorts by price on the server, and keeps it all on reload", async () => {
    await suite.journey(viewport, JOURNEY, async (tab) => {
      const { page } = tab;
      await loginAsAdmin(page);
      await page.goto("/admin/products");
      await rows(page).first().waitFor();
      const all = await shown(page);
      await page.getByText(`Showing 1-${all.length} of ${all.length}`).waitFor();
      await screenshot(tab, JOURNEY, "01-list");

      // Search by name, in any case.
      await page.getByRole("searchbox", { name: "Search products" }).fill("ROSE");
      await page.getByRole("button", { name: "Search", exact: true }).click();
      const roses = await until(page, (list) => list.length > 0 && list.length < all.length);
      expect(roses.every((row) => row.name.toLowerCase().includes("rose"))).toBe(true);
      expect(new URL(page.url()).searchParams.get("q")).toBe("ROSE");

      // One category, sorted by price either way by its column header.
      await page.getByRole("button", { name: "Reset" }).click();
      await until(page, (list) => list.length === all.length);
      await page.getByLabel("Category").selectOption({ label: "Vases" });
      const vases = await until(page, (list) => list.length > 0 && list.every((row) => row.category === "Vases"));
      expect(vases.length).toBe(all.filter((row) => row.category === "Vases").length);
      await page.getByRole("button", { name: "Price", exact: true }).click();
      const ascending = vases.map((row) => row.price).sort((a, b) => a - b);
      await until(page, (list) => sameList(pricesOf(list), ascending));
      await page.getByRole("button", { name: "Price", exact: true }).click();
      await until(page, (list) => sameList(pricesOf(list), [...ascending].reverse()));
      expect(await page.getByRole("columnheader", { name: "Price" }).getAttribute("aria-sort")).toBe("descending");

      // The address holds the list's state: a reload shows the same list.
      const before = await shown(page);
      await page.reload();
      await rows(page).first().waitFor();
      expect(await shown(page)).toEqual(before);
      expect(await page.getByLabel("Category").locator("option:checked").textContent()).toBe("Vases");
      expect(await page.getByRole("columnheader", { name: "Price" }).getAttribute("aria-sort")).toBe("descending");
      expect(rupiahValue(await rows(page).first().locator("td[data-label='Price']").textContent())).toBe(
        Math.max(...vases.map((row) => row.price)),
      );

      await page.getByLabel("Status").selectOption({ label: "Out of Stock" });
      await page.getByText("No products match these filters.").waitFor();
      await page.getByLabel("Status").selectOption({ label: "All" });
      await rows(page).first().waitFor();
      await screenshot(tab, JOURNEY, "02-vases-by-price");
    });
  });
});
