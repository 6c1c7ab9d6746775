import { orderDisplayId } from "@florist/contract/rules";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { ApiSession } from "./support/api";
import { screenshot, VIEWPORTS } from "./support/browser";
import { ADMIN } from "./support/shop";
import { shopSuite } from "./support/suite";
import { dialog, fillLogin, uniqueUser, waitForPath } from "./support/ui";

const suite = shopSuite();

/** A small photo-like proof: a warm gradient square, as a courier's phone might send. */
function proofImage(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="360"><defs><linearGradient id="g"><stop offset="0" stop-color="#f6e3e5"/><stop offset="1" stop-color="#c8707e"/></linearGradient></defs><rect width="480" height="360" fill="url(#g)"/><circle cx="240" cy="170" r="70" fill="#fbf7f2"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

describe.each(VIEWPORTS)("a customer at $width px", (viewport) => {
  it("views the delivery proof of a finished order and writes, then updates, a review", async () => {
    const user = uniqueUser("maya");
    const customer = new ApiSession(suite.baseUrl);
    const me = await customer.register(user.username, user.email, user.password);
    // An order placed through the API; the storefront checkout has its own journey.
    const product = await customer.product(3);
    await customer.request("POST", `/cart/user/${me.user_id}/ensure`);
    const cart = await customer.request<{ cartId: number; items: { cartItemId: number }[] }>(
      "POST",
      `/cart/user/${me.user_id}/items`,
      {
        productId: product.productId,
        quantity: 1,
        size: product.sizeOptions[0] ?? "",
        color: (product.colorOptions[0] ?? "").split("::")[0],
        colorHex: "",
      },
    );
    const order = await customer.request<{ orderId: number }>("POST", "/order", {
      user_id: me.user_id,
      shipping_address: "Maya Sari\nJl. Setiabudi 20\nBandung\nEmail: maya@example.com\nTelepon: 0812000111",
      cart_id: cart.cartId,
      items: cart.items.map((item) => ({ product_id: product.productId, quantity: 1, cart_item_id: item.cartItemId })),
    });

    await suite.journey(viewport, "review", async (tab) => {
      const { page } = tab;
      await page.goto("/login");
      await fillLogin(page, user.username, user.password);
      await waitForPath(page, "/");
      await page.goto("/pesanan");
      const orderLabel = orderDisplayId(order.orderId);
      const row = page.locator(".orders-table tbody tr", { hasText: orderLabel });
      await row.waitFor();
      expect(await row.getByText("-", { exact: true }).count()).toBe(1);
      await row.getByRole("button", { name: "View Proof" }).click();
      await (await dialog(page, "No proof uploaded for this order."))
        .getByRole("button", { name: "Close", exact: true })
        .click();

      const florist = new ApiSession(suite.baseUrl);
      await florist.login(ADMIN.username, ADMIN.password);
      await florist.setStatus(order.orderId, "In Delivery");
      await florist.uploadProof(order.orderId, await proofImage());
      await florist.setStatus(order.orderId, "Finished", "Paid");

      await page.reload();
      await row.locator(".status-badge.finished").waitFor();
      await screenshot(tab, "review", "01-orders-finished");
      await row.getByRole("button", { name: "View Proof" }).click();
      const proof = await dialog(page, `Proof for ${orderLabel}`);
      const image = proof.locator("img.proof-image");
      await image.waitFor();
      await page.waitForFunction(() => {
        const img = document.querySelector<HTMLImageElement>("img.proof-image");
        return img?.complete && img.naturalWidth > 0;
      });
      await screenshot(tab, "review", "02-proof");
      await proof.getByRole("button", { name: "Close", exact: true }).click();

      await row.getByRole("link", { name: "Write Review" }).click();
      await waitForPath(page, `/review/${order.orderId}`);
      await page.getByRole("heading", { name: "Write a Review" }).waitFor();
      await page.getByRole("button", { name: "Submit Review" }).click();
      await page.getByText("Please select a rating.").waitFor();
      await page.locator(".star-choice").nth(3).click();
      await page.getByLabel("Comment").fill("Bunganya segar dan kurirnya ramah.");
      await screenshot(tab, "review", "03-write");
      await page.getByRole("button", { name: "Submit Review" }).click();
      await (await dialog(page, "Thank you for your review!"))
        .getByRole("button", { name: "Back to My Orders" })
        .click();
      await waitForPath(page, "/pesanan");
      await row.getByText("Reviewed").waitFor();
      await screenshot(tab, "review", "04-reviewed");

      await page.goto(`/review/${order.orderId}`);
      await page.getByRole("heading", { name: "Update Review" }).waitFor();
      expect(await page.getByLabel("Comment").inputValue()).toBe("Bunganya segar dan kurirnya ramah.");
      expect(await page.locator(".star-choice.on").count()).toBe(4);
      await page.locator(".star-choice").nth(4).click();
      await page.getByLabel("Comment").fill("Bunganya segar, kurirnya ramah, tepat waktu!");
      await screenshot(tab, "review", "05-update");
      await page.getByRole("button", { name: "Update Review" }).click();
      await (await dialog(page, "Thank you for your review!"))
        .getByRole("button", { name: "Back to My Orders" })
        .click();
      await waitForPath(page, "/pesanan");

      const reviews = await customer.request<{ rating: number; comment: string }[]>(
        "GET",
        `/review/order/${order.orderId}`,
      );
      expect(reviews).toHaveLength(1);
      expect(reviews[0]).toMatchObject({ rating: 5, comment: "Bunganya segar, kurirnya ramah, tepat waktu!" });
    });
  });
});
