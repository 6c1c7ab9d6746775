import type { Cart, Customization, OrderDetail, Product } from "@florist/contract";
import { describe, expect, it } from "vitest";
import {
  adminApi,
  firstChoiceLine,
  loginAsAdmin,
  loginThroughApi,
  newCustomer,
  rupiahValue,
  stockedProduct,
} from "./admin-helpers";
import { screenshot, VIEWPORTS } from "./support/browser";
import { shopSuite } from "./support/suite";
import { clickNav, dialog, waitForPath } from "./support/ui";

const JOURNEY = "admin-addons";

const suite = shopSuite();

describe.each(VIEWPORTS)("an admin running the add-ons at $width px", (viewport) => {
  it("adds an add-on, is told when a name is taken, edits its price and deletes it after confirming", async () => {
    await suite.journey(viewport, JOURNEY, async (tab) => {
      const { page } = tab;
      const name = `Pressed Flower Card ${viewport.width}`;

      await loginAsAdmin(page);
      await clickNav(page, "Add-ons");
      await waitForPath(page, "/admin/add-ons");
      const list = page.getByRole("region", { name: "Add-ons on offer" });
      const card = list.getByRole("listitem", { name: "Greeting Card" });
      await card.waitFor();
      expect(rupiahValue(await card.locator(".addon-price").textContent())).toBe(15000);
      await screenshot(tab, JOURNEY, "01-list");

      const form = page.getByRole("region", { name: "New add-on" });
      tab.expectFailure({ status: 400, path: "/api/customization" });
      await form.getByRole("button", { name: "Add add-on" }).click();
      await form.getByText("Name is required.").waitFor();
      await form.getByLabel("Name").fill("greeting card");
      await form.getByLabel("Price (IDR)").fill("20000");
      tab.expectFailure({ status: 409, path: "/api/customization" });
      await form.getByRole("button", { name: "Add add-on" }).click();
      await form.getByText('An add-on named "Greeting Card" already exists.').waitFor();
      await screenshot(tab, JOURNEY, "02-name-taken");

      await form.getByLabel("Name").fill(name);
      await form.getByRole("button", { name: "Add add-on" }).click();
      await page.getByText(`${name} was added.`).waitFor();
      const row = list.getByRole("listitem", { name });
      expect(rupiahValue(await row.locator(".addon-price").textContent())).toBe(20000);

      await row.getByRole("button", { name: `Edit ${name}` }).click();
      const editing = list.getByRole("listitem", { name: `Editing ${name}` });
      await editing.getByLabel("Price (IDR)").fill("22500");
      await screenshot(tab, JOURNEY, "03-editing");
      await editing.getByRole("button", { name: "Save" }).click();
      await page.getByText(`${name} was saved. Orders already placed keep their price.`).waitFor();
      await expect.poll(async () => rupiahValue(await row.locator(".addon-price").textContent())).toBe(22500);
      const offered = (await (await page.request.get("/api/customization")).json()) as Customization[];
      expect(offered.find((c) => c.name === name)?.price).toBe(22500);

      await row.getByRole("button", { name: `Delete ${name}` }).click();
      const confirm = await dialog(page, `Delete ${name}`);
      await screenshot(tab, JOURNEY, "04-confirm-delete");
      await confirm.getByRole("button", { name: "Delete" }).click();
      await page.getByText(`${name} was deleted. Orders that had it still show it.`).waitFor();
      await row.waitFor({ state: "detached" });
      await screenshot(tab, JOURNEY, "05-deleted");
    });
  });
});

describe.each(VIEWPORTS)(
  "a shopper whose cart holds an add-on the florist stopped offering, at $width px",
  (viewport) => {
    it("is told at checkout which add-on was taken off which bouquet, and finds the cart without it", async () => {
      const admin = await adminApi(suite.baseUrl);
      const product = await stockedProduct(admin, (p: Product) => p.sizeOptions.length > 0);
      const addOn = await admin.request<Customization>("POST", "/customization", {
        name: `Wax Seal ${viewport.width}`,
        price: 12000,
      });
      const customer = await newCustomer(suite.baseUrl, "addon");
      // An earlier order used the add-on, so deleting it archives it rather than removing it.
      await customer.api.request<OrderDetail>("POST", "/order", {
        shipping_address: `Rina Kusuma\nJl. Dago No. 5\nBandung\nEmail: ${customer.email}\nTelepon: 081298765432`,
        items: [
          { ...firstChoiceLine(product), customizations: [{ customization_id: addOn.customization_id, quantity: 1 }] },
        ],
      });
      const line = firstChoiceLine(product);
      const cart = await customer.api.request<Cart>("POST", `/cart/user/${customer.userId}/items`, {
        productId: product.productId,
        quantity: 1,
        size: line.size,
        color: line.color,
      });
      await customer.api.request("POST", "/cartItemCustomization", {
        cart_item_id: cart.items[0]?.cartItemId,
        customization_id: addOn.customization_id,
      });
      await admin.request("DELETE", `/customization/${addOn.customization_id}`);

      await suite.journey(viewport, `${JOURNEY}-checkout`, async (tab) => {
        const { page } = tab;
        await loginThroughApi(page, customer.email, customer.password);
        await page.goto("/keranjang");
        await page.getByText(addOn.name).first().waitFor();
        await page.getByRole("button", { name: "to Checkout" }).click();
        await waitForPath(page, "/pemesanan");
        await page.getByLabel("First name").fill("Rina");
        await page.getByLabel("Last name").fill("Kusuma");
        await page.getByLabel("Phone").fill("081298765432");
        await page.getByLabel("Address").fill("Jl. Dago No. 5");
        await page.getByRole("button", { name: "Confirm Order" }).click();
        tab.expectFailure({ status: 409, path: "/api/order" });
        await (await dialog(page, "Confirm your order")).getByRole("button", { name: "Yes, confirm" }).click();
        const changed = await dialog(page, "Your cart has changed");
        await changed
          .getByText(`${addOn.name} is no longer offered; it was removed from ${product.name}.`, { exact: false })
          .waitFor();
        await screenshot(tab, `${JOURNEY}-checkout`, "01-told");
        await changed.getByRole("link", { name: "Back to my cart" }).click();
        await waitForPath(page, "/keranjang");
        await page.getByRole("button", { name: "to Checkout" }).waitFor();
        expect(await page.getByText(addOn.name).count()).toBe(0);
        await screenshot(tab, `${JOURNEY}-checkout`, "02-cart-without-it");
      });
      const [first] = await customer.api.ordersOf(customer.userId);
      const earlier = await customer.api.request<OrderDetail>("GET", `/order/${first?.orderId}`);
      expect(earlier.items[0]?.customizations).toEqual([{ name: addOn.name, price: 12000, quantity: 1 }]);
    });
  },
);
