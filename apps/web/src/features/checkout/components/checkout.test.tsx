import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { type FakeAnswer, fakeApi } from "../../../../test/fake-api";
import { loggedIn, renderScreen, rupiah, shownText } from "../../../../test/render-app";
import type { CheckoutItem } from "../../../lib/pricing";
import CheckoutPage from "../routes/checkout";

const roses: CheckoutItem = {
  productId: 5,
  name: "Rose Bouquet",
  price: 150_000,
  quantity: 2,
  imageUrl: null,
  size: "Large",
  color: "Red",
  colorHex: "#e03131",
  notes: "",
  customizations: [{ customization_id: 1, name: "Greeting Card", price: 15_000, quantity: 1 }],
  cartItemId: 11,
};

const created = {
  orderId: 42,
  userId: 7,
  username: "siti",
  email: "siti@example.com",
  shippingAddress: "Siti Rahma",
  orderDate: "2026-11-23T10:00:00.000Z",
  deliveryDate: null,
  orderStatus: "Order Received",
  paymentStatus: "Pending",
  totalPrice: 355_000,
  shippingCost: 40_000,
  orderProof: null,
  items: [],
};

function checkoutApi(order: FakeAnswer = { status: 201, body: created }) {
  return fakeApi({
    "GET /api/users/session": loggedIn(),
    "POST /api/order": order,
  });
}

function openCheckout(items: CheckoutItem[] = [roses]) {
  return renderScreen(<CheckoutPage />, {
    path: "/pemesanan",
    state: { checkoutItems: items, shippingCost: 40_000, cartId: 3 },
  });
}

async function fillShipping(user: ReturnType<typeof openCheckout>["user"]) {
  await user.type(await screen.findByLabelText("First name"), "Siti");
  await user.type(screen.getByLabelText("Last name"), "Rahma");
  await user.type(screen.getByLabelText("Phone"), "0812 3456 7890");
  await user.type(screen.getByLabelText("Address"), "Jl. Dago 1");
}

describe("the checkout form", () => {
  it("shows the lines and the totals to be charged", async () => {
    checkoutApi();
    openCheckout();
    const summary = await screen.findByRole("complementary", { name: "Order Summary" });
    expect(within(summary).getByText("Rose Bouquet")).toBeTruthy();
    expect(within(summary).getAllByRole("listitem").map(shownText)).toContain(
      `+ Greeting Card (${rupiah(15_000)} x 1)`,
    );
    const figure = (label: string) => shownText(within(summary).getByText(label).nextElementSibling);
    expect(figure("Subtotal")).toBe(rupiah(315_000));
    expect(figure("Shipping")).toBe(rupiah(40_000));
    expect(figure("Total")).toBe(rupiah(355_000));
  });

  it("names every missing field, puts the focus on the first, and opens no confirmation", async () => {
    const api = checkoutApi();
    const { user } = openCheckout();
    const email = await screen.findByLabelText("Email");
    expect((email as HTMLInputElement).value).toBe("siti@example.com");
    await user.clear(email);

    await user.click(screen.getByRole("button", { name: "Confirm Order" }));
    for (const message of [
      "First name is required.",
      "Last name is required.",
      "Email is required.",
      "Phone number is required.",
      "Address is required.",
    ]) {
      expect(screen.getByText(message)).toBeTruthy();
    }
    expect(document.activeElement).toBe(screen.getByLabelText("First name"));
    expect(screen.getByLabelText("First name").getAttribute("aria-invalid")).toBe("true");
    expect(screen.queryByRole("alertdialog")).toBeNull();

    await user.type(screen.getByLabelText("First name"), "S");
    expect(screen.queryByText("First name is required.")).toBeNull();
    expect(api.callsTo("POST /api/order")).toHaveLength(0);
  });

  it("says so when there is nothing to order", async () => {
    checkoutApi();
    openCheckout([]);
    expect(await screen.findByText("There are no items to process.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Confirm Order" })).toBeNull();
    expect(screen.getByRole("link", { name: "Explore the Catalog" })).toBeTruthy();
  });

  it("asks for confirmation: Cancel sends nothing, Yes, confirm places the order", async () => {
    const api = checkoutApi();
    const { user } = openCheckout();
    await fillShipping(user);

    await user.click(screen.getByRole("button", { name: "Confirm Order" }));
    let dialog = screen.getByRole("alertdialog", { name: "Confirm your order" });
    expect(shownText(dialog)).toContain(`Place this order for ${rupiah(355_000)}, delivered to Jl. Dago 1, Bandung?`);
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(api.callsTo("POST /api/order")).toHaveLength(0);

    await user.click(screen.getByRole("button", { name: "Confirm Order" }));
    dialog = screen.getByRole("alertdialog", { name: "Confirm your order" });
    await user.click(within(dialog).getByRole("button", { name: "Yes, confirm" }));
    const done = await screen.findByRole("alertdialog", { name: "Order created successfully!" });
    expect(shownText(done)).toContain(`Your order MB-042 has been received. Total: ${rupiah(355_000)}.`);

    const [call] = api.callsTo("POST /api/order");
    if (!call) throw new Error("No order was sent.");
    expect(call.body).toMatchObject({
      user_id: 7,
      cart_id: 3,
      order_status: "Order Received",
      payment_status: "Pending",
      items: [{ product_id: 5, quantity: 2, cart_item_id: 11, price: 315_000 }],
    });
    expect((call.body as { shipping_address: string }).shipping_address).toBe(
      "Siti Rahma\nJl. Dago 1\nBandung\nEmail: siti@example.com\nTelepon: 0812 3456 7890",
    );

    await user.click(within(done).getByRole("button", { name: "View Orders" }));
    expect(await screen.findByRole("heading", { name: "Now at /pesanan" })).toBeTruthy();
  });

  it("shows the server's message when the order is refused", async () => {
    checkoutApi({
      status: 400,
      body: { message: "Rose Bouquet does not come in size Large.", code: "SIZE_NOT_OFFERED" },
    });
    const { user } = openCheckout();
    await fillShipping(user);
    await user.click(screen.getByRole("button", { name: "Confirm Order" }));
    await user.click(screen.getByRole("button", { name: "Yes, confirm" }));

    const failure = await screen.findByRole("alertdialog", { name: "Failed to process order." });
    expect(failure.textContent).toContain("Rose Bouquet does not come in size Large.");
    await waitFor(() => expect(screen.queryByRole("alertdialog", { name: "Confirm your order" })).toBeNull());
    expect(screen.getByRole("button", { name: "Confirm Order" })).toHaveProperty("disabled", false);
  });

  it("lists what is short when the stock ran out meanwhile", async () => {
    checkoutApi({
      status: 409,
      body: {
        message: "Some items are no longer available in the requested quantity.",
        unavailableItems: [{ name: "Rose Bouquet", availableStock: 1, requestedStock: 2 }],
      },
    });
    const { user } = openCheckout();
    await fillShipping(user);
    await user.click(screen.getByRole("button", { name: "Confirm Order" }));
    await user.click(screen.getByRole("button", { name: "Yes, confirm" }));

    const shortage = await screen.findByRole("alertdialog", { name: "Stok tidak mencukupi" });
    expect(shortage.textContent).toContain("- Rose Bouquet: 1 tersedia, 2 diminta");
  });
});
