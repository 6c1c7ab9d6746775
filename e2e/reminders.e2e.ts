import path from "node:path";
import type { CatalogCategory, OrderDetail } from "@florist/contract";
import { describe, expect, it } from "vitest";
import { openDatabase } from "../apps/server/src/db/connection.js";
import { hashToken, newToken } from "../apps/server/src/lib/secrets.js";
import { firstChoiceLine } from "./admin-helpers";
import { ApiSession } from "./support/api";
import { screenshot, VIEWPORTS } from "./support/browser";
import { shopSuite } from "./support/suite";
import { uniqueUser } from "./support/ui";

const suite = shopSuite();

/**
 * A shopper who asked to be reminded and whose reminder went out: the reminder's link token. The
 * reminder itself goes out a year later, so its sending is written straight in the shop's database.
 */
async function sentReminder(): Promise<{ token: string; orderId: number }> {
  const user = uniqueUser("rina");
  const session = new ApiSession(suite.baseUrl);
  await session.register(user.username, user.email, user.password);
  const catalog = await session.request<CatalogCategory[]>("GET", "/catalog");
  const product = await session.product(catalog.flatMap((c) => c.products)[0]?.productId as number);
  const order = await session.request<OrderDetail>("POST", "/order", {
    shipping_address: "Rina\nJl. Dago No. 5\nBandung",
    items: [firstChoiceLine(product)],
    remind_next_year: true,
  });
  const token = newToken();
  const { db } = openDatabase(`sqlite:${path.join(suite.shop.dataDir, "shop.db")}`);
  try {
    await db
      .updateTable("orders")
      .set({ reminder_token_hash: hashToken(token), reminder_sent_at: new Date().toISOString() })
      .where("order_id", "=", order.orderId)
      .execute();
  } finally {
    await db.destroy();
  }
  return { token, orderId: order.orderId };
}

describe.each(VIEWPORTS)("a shopper at $width px", (viewport) => {
  it("turns the yearly reminders off from the mail's link, with one press of a button", async () => {
    const { token } = await sentReminder();
    await suite.journey(viewport, "reminder-opt-out", async (tab) => {
      const { page } = tab;

      // An unknown token is answered 404: the answer this step expects.
      tab.expectFailure({ status: 404, path: "/api/reminders/opt-out" });
      await page.goto(`/pengingat/berhenti/${"x".repeat(43)}`);
      await page.getByRole("heading", { name: "Yearly reminders" }).waitFor();
      await page.getByRole("button", { name: "Stop the reminders" }).click();
      await page.getByText("This link is not valid. Please use the link in the newest reminder mail.").waitFor();
      await screenshot(tab, "reminder-opt-out", "01-unknown-link");

      await page.goto(`/pengingat/berhenti/${token}`);
      await page.getByRole("heading", { name: "Yearly reminders" }).waitFor();
      await screenshot(tab, "reminder-opt-out", "02-opened");
      await page.getByRole("button", { name: "Stop the reminders" }).click();
      await page.getByText("Reminders are off. We will not send the yearly reminders you asked for.").waitFor();
      await screenshot(tab, "reminder-opt-out", "03-off");
      expect(await page.getByRole("link", { name: "Back to the flowers" }).getAttribute("href")).toBe("/katalog");
    });
  });
});
