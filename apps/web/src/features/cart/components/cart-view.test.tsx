import type { Cart, CartItem } from "@florist/contract";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fakeApi } from "../../../../test/fake-api";
import {
  indonesianShopper,
  inIndonesian,
  loggedIn,
  renderScreen,
  rupiah,
  shownText,
} from "../../../../test/render-app";
import CartPage from "../routes/cart";

const line = (overrides: Partial<CartItem>): CartItem => ({
  cartItemId: 11,
  productId: 5,
  productName: "Rose Bouquet",
  imageUrl: null,
  quantity: 1,
  unitPrice: 100_000,
  linePrice: 100_000,
  selectedSize: "",
  sizeAvailable: "",
  selectedColor: "",
  selectedColorHex: "",
  colorAvailable: "",
  stockQuantity: 5,
  customizations: [],
  customizationTotal: 0,
  ...overrides,
});

const roses = line({
  cartItemId: 11,
  productName: "Rose Bouquet",
  quantity: 3,
  unitPrice: 150_000,
  linePrice: 450_000,
  selectedSize: "Large",
  selectedColor: "Red",
  selectedColorHex: "#e03131",
  stockQuantity: 3,
  customizations: [{ customization_id: 1, name: "Greeting Card", price: 15_000, quantity: 2 }],
  customizationTotal: 30_000,
});
const lilies = line({ cartItemId: 12, productId: 6, productName: "Lily Vase", unitPrice: 90_000, linePrice: 90_000 });

/** A cart on the fake server: quantity changes and removals change what the next read returns. */
function cartApi(items: CartItem[], unavailableItems: unknown[] = [], session = loggedIn()) {
  let cart: Cart = { cartId: 3, items };
  return fakeApi({
    "GET /api/cart/3/check-stock": { body: { unavailableItems } },
    "GET /api/users/session": session,
    "POST /api/cart/user/7/ensure": { body: { cartId: 3 } },
    "GET /api/cart/user/7/full": () => ({ body: cart }),
    "GET /api/settings/delivery-fee": { body: { deliveryFee: 40_000 } },
    "PUT /api/cartitem/12": ({ body }) => {
      const quantity = (body as { quantity: number }).quantity;
      cart = {
        ...cart,
        items: cart.items.map((i) => (i.cartItemId === 12 ? { ...i, quantity, linePrice: i.unitPrice * quantity } : i)),
      };
      return { body: cart.items.find((i) => i.cartItemId === 12) };
    },
    "DELETE /api/cartitem/11": () => {
      cart = { ...cart, items: cart.items.filter((i) => i.cartItemId !== 11) };
      return { status: 204 };
    },
  });
}

/** The list item of one product, found by its name's link. */
async function lineOf(name: string) {
  const link = await screen.findByRole("link", { name });
  const item = link.closest("li");
  if (!item) throw new Error(`${name} is not in a list item`);
  return within(item);
}

/** The figure beside Subtotal, Shipping or Total in the order summary. */
function summary(label: string, title = "Order Summary"): string {
  const aside = screen.getByRole("complementary", { name: title });
  return shownText(within(aside).getByText(label).nextElementSibling);
}

describe("the cart", () => {
  it("shows each line's options, unit price, customizations and total, and the summary", async () => {
    cartApi([roses, lilies]);
    renderScreen(<CartPage />, { path: "/keranjang" });
    const rose = await lineOf("Rose Bouquet");
    expect(rose.getByText("Large")).toBeTruthy();
    expect(rose.getByText("Red")).toBeTruthy();
    expect(rose.getByText("Greeting Card")).toBeTruthy();
    expect(shownText(rose.getByText("Customization Total").nextElementSibling)).toBe(rupiah(30_000));
    expect(rose.getByText(rupiah(450_000 + 30_000))).toBeTruthy();
    expect((await lineOf("Lily Vase")).getByText(rupiah(90_000), { selector: ".cart-item-total *" })).toBeTruthy();

    await waitFor(() => expect(summary("Shipping")).toBe(rupiah(40_000)));
    expect(summary("Subtotal")).toBe(rupiah(480_000 + 90_000));
    expect(summary("Total")).toBe(rupiah(570_000 + 40_000));
    expect(screen.getByRole("button", { name: "to Checkout" })).toHaveProperty("disabled", false);
    expect(screen.getByText("The delivery fee depends on the district; you choose it at checkout.")).toBeTruthy();
  });

  it("keeps each quantity between 1 and the stock, and a change reprices the line and the summary", async () => {
    const api = cartApi([roses, lilies]);
    const { user } = renderScreen(<CartPage />, { path: "/keranjang" });
    const rose = await lineOf("Rose Bouquet");
    expect(rose.getByRole("button", { name: "Increase Quantity of Rose Bouquet" })).toHaveProperty("disabled", true);
    const lily = await lineOf("Lily Vase");
    expect(lily.getByRole("button", { name: "Decrease Quantity of Lily Vase" })).toHaveProperty("disabled", true);

    await user.click(lily.getByRole("button", { name: "Increase Quantity of Lily Vase" }));
    await waitFor(() => expect(lily.getByRole("group", { name: "Quantity of Lily Vase" }).textContent).toContain("2"));
    expect(api.callsTo("PUT /api/cartitem/12")[0]?.body).toMatchObject({ quantity: 2 });
    expect(lily.getByText(rupiah(180_000), { selector: ".cart-item-total *" })).toBeTruthy();
    await waitFor(() => expect(summary("Total")).toBe(rupiah(480_000 + 180_000 + 40_000)));
  });

  it("asks before removing a line, and removes it only when confirmed", async () => {
    const api = cartApi([roses, lilies]);
    const { user } = renderScreen(<CartPage />, { path: "/keranjang" });
    const rose = await lineOf("Rose Bouquet");

    await user.click(rose.getByRole("button", { name: "Remove" }));
    let dialog = screen.getByRole("alertdialog", { name: "Hapus produk ini dari keranjang?" });
    expect(dialog.textContent).toContain("Rose Bouquet");
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(api.callsTo("DELETE /api/cartitem/11")).toHaveLength(0);

    await user.click(rose.getByRole("button", { name: "Remove" }));
    dialog = screen.getByRole("alertdialog", { name: "Hapus produk ini dari keranjang?" });
    await user.click(within(dialog).getByRole("button", { name: "Remove" }));
    await waitFor(() => expect(screen.queryByRole("link", { name: "Rose Bouquet" })).toBeNull());
    expect(api.callsTo("DELETE /api/cartitem/11")).toHaveLength(1);
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(summary("Subtotal")).toBe(rupiah(90_000));
  });

  it("an empty cart invites the shopper to the catalogue", async () => {
    cartApi([]);
    renderScreen(<CartPage />, { path: "/keranjang" });
    expect(await screen.findByText("Your cart is empty. Explore our catalog!")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Explore the Catalog" })).toBeTruthy();
  });

  it("checks the stock before checkout: a shortage is listed, enough stock leads to checkout", async () => {
    cartApi([roses], [{ name: "Rose Bouquet", availableStock: 1, requestedStock: 3 }]);
    const first = renderScreen(<CartPage />, { path: "/keranjang" });
    await waitFor(() => expect(summary("Shipping")).toBe(rupiah(40_000)));
    await first.user.click(screen.getByRole("button", { name: "to Checkout" }));
    const shortage = await screen.findByRole("alertdialog", { name: "Stok tidak mencukupi" });
    expect(shortage.textContent).toContain("- Rose Bouquet: 1 tersedia, 3 diminta");
    first.unmount();

    cartApi([roses]);
    const second = renderScreen(<CartPage />, { path: "/keranjang" });
    await waitFor(() => expect(summary("Shipping")).toBe(rupiah(40_000)));
    await second.user.click(screen.getByRole("button", { name: "to Checkout" }));
    expect(await screen.findByRole("heading", { name: "Now at /pemesanan" })).toBeTruthy();
  });
});

describe("the cart, in Indonesian", () => {
  inIndonesian();

  it("shows the lines, the summary and the removal in Indonesian, the amounts in rupiah", async () => {
    const api = cartApi([roses, lilies], [], loggedIn(indonesianShopper));
    const { user } = renderScreen(<CartPage />, { path: "/keranjang" });
    expect(await screen.findByRole("heading", { name: "Keranjang Saya" })).toBeTruthy();
    const rose = await lineOf("Rose Bouquet");
    expect(rose.getByText("Ukuran")).toBeTruthy();
    expect(rose.getByText("Warna")).toBeTruthy();
    expect(shownText(rose.getByText("Total Kustomisasi").nextElementSibling)).toBe(rupiah(30_000));
    expect(rose.getByRole("button", { name: "Tambah Jumlah Rose Bouquet" })).toHaveProperty("disabled", true);
    await waitFor(() => expect(summary("Ongkos kirim", "Ringkasan Pesanan")).toBe(rupiah(40_000)));
    expect(summary("Total", "Ringkasan Pesanan")).toBe(rupiah(570_000 + 40_000));
    expect(screen.getByRole("button", { name: "Lanjut ke Pembayaran" })).toBeTruthy();

    await user.click(rose.getByRole("button", { name: "Hapus" }));
    const dialog = screen.getByRole("alertdialog", { name: "Hapus produk ini dari keranjang?" });
    await user.click(within(dialog).getByRole("button", { name: "Batal" }));
    expect(api.callsTo("DELETE /api/cartitem/11")).toHaveLength(0);
  });

  it("invites to the catalogue in Indonesian when empty", async () => {
    cartApi([], [], loggedIn(indonesianShopper));
    renderScreen(<CartPage />, { path: "/keranjang" });
    expect(await screen.findByText("Keranjang Anda masih kosong. Yuk, jelajahi katalog kami!")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Jelajahi Katalog" })).toBeTruthy();
  });
});
