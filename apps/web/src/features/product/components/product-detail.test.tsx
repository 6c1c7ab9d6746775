import type { Product, User } from "@florist/contract";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fakeApi } from "../../../../test/fake-api";
import {
  indonesianShopper,
  inIndonesian,
  loggedIn,
  renderScreen,
  rupiah,
  shopper,
  shownText,
} from "../../../../test/render-app";
import ProductPage from "../routes/product-detail";

const rose: Product = {
  productId: 5,
  categoryId: 1,
  name: "Rose Bouquet",
  description: "Twelve red roses.",
  price: 200_000,
  stockQuantity: 4,
  imageUrl: null,
  availabilityStatus: "in_stock",
  sizeOptions: ["Medium", "Large"],
  sizePrices: { Medium: 200_000, Large: 250_000 },
  ownSizePrices: { Large: 250_000 },
  colorOptions: ["Red::#e03131", "White"],
  productType: "bouquet",
  images: [],
  occasionIds: [],
  rating: null,
};

const customizations = [
  { customization_id: 1, name: "Greeting Card", price: 15_000 },
  { customization_id: 2, name: "Ribbon", price: 10_000 },
];

const sizePrices: Record<string, number> = { Medium: 200_000, Large: 250_000 };

function shopApi(product: () => Product, user: User = shopper, overrides: Parameters<typeof fakeApi>[0] = {}) {
  return fakeApi({
    "GET /api/users/session": loggedIn(user),
    "GET /api/products/5": () => ({ body: product() }),
    "GET /api/customization": { body: customizations },
    "GET /api/products/price/Medium": { body: { productId: 5, size: "Medium", price: sizePrices.Medium } },
    "GET /api/products/price/Large": { body: { productId: 5, size: "Large", price: sizePrices.Large } },
    "POST /api/cart/user/7/items": ({ body }) => ({
      body: {
        cartId: 3,
        items: [
          {
            cartItemId: 21,
            productId: 5,
            selectedSize: (body as { size: string }).size,
            selectedColor: (body as { color: string }).color,
          },
        ],
      },
    }),
    "POST /api/cartItemCustomization": { status: 201, body: { ok: true } },
    "POST /api/cart/user/7/ensure": { body: { cartId: 3 } },
    "GET /api/cart/user/7/full": { body: { cartId: 3, items: [] } },
    ...overrides,
  });
}

/** The price route of one size, held unanswered until `answer()`: a refetch still on its way. */
function heldPrice(size: string, price: number) {
  let answer: () => void = () => {};
  const answered = new Promise<void>((resolve) => {
    answer = resolve;
  });
  const route = {
    [`GET /api/products/price/${size}`]: async () => {
      await answered;
      return { body: { productId: 5, size, price } };
    },
  };
  return { route, answer: () => answer() };
}

function openProduct() {
  return renderScreen(<ProductPage />, { path: "/produk/:productId", at: "/produk/5" });
}

/** The figure beside a label of the product summary (Subtotal, Customization, Total). */
function summary(label: string): string {
  const term = screen.getByText(label, { selector: ".product-summary dt" });
  return shownText(term.nextElementSibling);
}

describe("the product options and price", () => {
  it("choosing a size, add-ons and a quantity updates the price, the subtotal and the total", async () => {
    const api = shopApi(() => rose);
    const { user } = openProduct();
    await screen.findByRole("heading", { name: "Rose Bouquet" });
    await waitFor(() => expect(summary("Total")).toBe(rupiah(200_000)));
    expect(screen.getByRole("radio", { name: "Medium" })).toHaveProperty("checked", true);
    expect(screen.getByText("In stock: 4 available")).toBeTruthy();

    await user.click(screen.getByRole("radio", { name: "Large" }));
    await waitFor(() => expect(summary("Subtotal")).toBe(rupiah(250_000)));
    expect(screen.getByText("for size Large")).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "Increase Quantity" }));
    expect(summary("Subtotal")).toBe(rupiah(500_000));

    await user.click(screen.getByRole("checkbox", { name: "Greeting Card" }));
    await user.click(screen.getByRole("button", { name: "Increase Greeting Card quantity" }));
    await user.click(screen.getByRole("checkbox", { name: "Ribbon" }));
    expect(summary("Customization")).toBe(rupiah(2 * 15_000 + 10_000));
    expect(summary("Total")).toBe(rupiah(500_000 + 40_000));

    await user.click(screen.getByRole("checkbox", { name: "Ribbon" }));
    expect(summary("Total")).toBe(rupiah(530_000));

    await user.click(screen.getByRole("radio", { name: "White" }));
    expect(
      screen.getByText((_, element) => element?.tagName === "LEGEND" && element.textContent === "Color: White"),
    ).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "Add to Cart" }));
    const added = await screen.findByRole("dialog", { name: "Product added to cart." });
    expect(added.textContent).toContain("2 × Rose Bouquet, Large, White");
    expect(api.callsTo("POST /api/cart/user/7/items")[0]?.body).toMatchObject({
      productId: 5,
      quantity: 2,
      size: "Large",
      color: "White",
    });
    expect(api.callsTo("POST /api/cartItemCustomization").map((call) => call.body)).toEqual([
      { cart_item_id: 21, customization_id: 1, quantity: 2 },
    ]);
    expect(within(added).getByRole("button", { name: "View Cart" })).toBeTruthy();
  });

  it("the quantity stops at the stock", async () => {
    shopApi(() => ({ ...rose, stockQuantity: 2 }));
    const { user } = openProduct();
    const increase = await screen.findByRole("button", { name: "Increase Quantity" });
    await user.click(increase);
    expect(increase).toHaveProperty("disabled", true);
    expect(screen.getByRole("group", { name: "Quantity" }).textContent).toContain("2");
  });

  it("an out-of-stock product says so and cannot be added or bought", async () => {
    const api = shopApi(() => ({ ...rose, stockQuantity: 0, availabilityStatus: "out_of_stock" }));
    openProduct();
    expect(await screen.findByText("This product is currently unavailable.")).toBeTruthy();
    expect(screen.getByText("Stok Habis")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Add to Cart" })).toHaveProperty("disabled", true);
    expect(screen.getByRole("button", { name: "Buy Now" })).toHaveProperty("disabled", true);
    expect(screen.getByRole("button", { name: "Decrease Quantity" })).toHaveProperty("disabled", true);
    expect(screen.getByRole("button", { name: "Increase Quantity" })).toHaveProperty("disabled", true);
    expect(api.callsTo("POST /api/cart/user/7/items")).toHaveLength(0);
  });

  it("asks for a colour when the chosen one is no longer offered, and sends nothing", async () => {
    let current = rose;
    const api = shopApi(() => current);
    const { user, queryClient } = openProduct();
    await screen.findByRole("heading", { name: "Rose Bouquet" });
    current = { ...rose, colorOptions: ["Pink", "White"] };
    await queryClient.refetchQueries({ queryKey: ["product", 5] });
    await screen.findByRole("radio", { name: "Pink" });

    await user.click(screen.getByRole("button", { name: "Add to Cart" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Please select a color first.");
    await user.click(screen.getByRole("button", { name: "Buy Now" }));
    expect(screen.getByRole("alert").textContent).toBe("Please select a color first.");
    expect(api.callsTo("POST /api/cart/user/7/items")).toHaveLength(0);
  });

  it("asks for a size when the product has come to offer sizes since the page opened", async () => {
    let current: Product = { ...rose, sizeOptions: [] };
    const api = shopApi(() => current);
    const { user, queryClient } = openProduct();
    await screen.findByRole("heading", { name: "Rose Bouquet" });
    current = rose;
    await queryClient.refetchQueries({ queryKey: ["product", 5] });
    await screen.findByRole("radio", { name: "Medium" });

    await user.click(screen.getByRole("button", { name: "Add to Cart" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Please select a size first.");
    expect(api.callsTo("POST /api/cart/user/7/items")).toHaveLength(0);
  });

  it("Buy Now carries the chosen size's price while its refetch is still on the way", async () => {
    const large = heldPrice("Large", sizePrices.Large as number);
    shopApi(() => rose, shopper, large.route);
    const { user, router } = openProduct();
    await screen.findByRole("heading", { name: "Rose Bouquet" });
    await user.click(screen.getByRole("radio", { name: "Large" }));
    await user.click(screen.getByRole("button", { name: "Buy Now" }));
    await screen.findByRole("heading", { name: "Now at /pemesanan" });
    const { checkoutItems } = router.state.location.state as { checkoutItems: { size: string; price: number }[] };
    expect(checkoutItems).toEqual([expect.objectContaining({ size: "Large", price: 250_000 })]);
    large.answer();
  });

  it("Buy Now waits for the price of a size the product does not list yet", async () => {
    const large = heldPrice("Large", 260_000);
    shopApi(() => ({ ...rose, sizePrices: { Medium: 200_000 } }), shopper, large.route);
    const { user, router } = openProduct();
    await screen.findByRole("heading", { name: "Rose Bouquet" });
    await user.click(screen.getByRole("radio", { name: "Large" }));
    await user.click(screen.getByRole("button", { name: "Buy Now" }));
    expect(screen.queryByRole("heading", { name: "Now at /pemesanan" })).toBeNull();
    large.answer();
    await screen.findByRole("heading", { name: "Now at /pemesanan" });
    const { checkoutItems } = router.state.location.state as { checkoutItems: { size: string; price: number }[] };
    expect(checkoutItems).toEqual([expect.objectContaining({ size: "Large", price: 260_000 })]);
  });

  it("adds the line once when Add to Cart is pressed twice while the size's price is on its way", async () => {
    const large = heldPrice("Large", 260_000);
    const api = shopApi(() => ({ ...rose, sizePrices: { Medium: 200_000 } }), shopper, large.route);
    const { user } = openProduct();
    await screen.findByRole("heading", { name: "Rose Bouquet" });
    await user.click(screen.getByRole("radio", { name: "Large" }));
    await user.click(screen.getByRole("button", { name: "Add to Cart" }));
    await user.click(screen.getByRole("button", { name: "Add to Cart" }));
    large.answer();
    await screen.findByRole("dialog", { name: "Product added to cart." });
    expect(api.callsTo("POST /api/cart/user/7/items").map((call) => call.body)).toEqual([
      expect.objectContaining({ size: "Large", unitPrice: 260_000 }),
    ]);
  });

  it("shows the server's reason when the cart refuses the line", async () => {
    fakeApi({
      "GET /api/users/session": loggedIn(),
      "GET /api/products/5": { body: { ...rose, sizeOptions: [], colorOptions: [] } },
      "GET /api/customization": { body: [] },
      "POST /api/cart/user/7/items": { status: 409, body: { message: "Only 4 left of Rose Bouquet." } },
    });
    const { user } = openProduct();
    await user.click(await screen.findByRole("button", { name: "Add to Cart" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Failed to add to cart." });
    expect(dialog.textContent).toContain("Only 4 left of Rose Bouquet.");
  });
});

describe("the product page in Indonesian", () => {
  inIndonesian();

  it("names the choices, the summary and the buttons in Indonesian; prices stay Rp", async () => {
    shopApi(() => rose, indonesianShopper);
    const { user } = openProduct();
    await screen.findByRole("heading", { name: "Rose Bouquet" });
    expect(screen.getByRole("link", { name: "Kembali ke Katalog" }).getAttribute("href")).toBe("/katalog");
    expect(screen.getByText("Stok: 4 tersedia")).toBeTruthy();
    expect(screen.getByText("untuk ukuran Medium")).toBeTruthy();
    expect(screen.getByRole("group", { name: "Ukuran" })).toBeTruthy();
    expect(screen.getByRole("group", { name: /^Warna/ })).toBeTruthy();
    expect(await screen.findByRole("group", { name: "Kustomisasi" })).toBeTruthy();
    expect(screen.getByLabelText("Catatan tambahan (opsional)").getAttribute("placeholder")).toBe(
      "Pesan untuk kartu, waktu pengiriman yang diinginkan, …",
    );
    await waitFor(() => expect(summary("Total")).toBe(rupiah(200_000)));
    expect(summary("Subtotal")).toBe(rupiah(200_000));
    expect(summary("Kustomisasi")).toBe(rupiah(0));
    expect(screen.getByText("Diantar oleh tim kami sendiri, hanya di dalam Kota Bandung.")).toBeTruthy();

    await user.click(screen.getByRole("checkbox", { name: "Greeting Card" }));
    expect(screen.getByRole("group", { name: "Jumlah Greeting Card" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Beli Sekarang" })).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Tambah ke Keranjang" }));
    const added = await screen.findByRole("dialog", { name: "Produk ditambahkan ke keranjang." });
    expect(within(added).getByRole("button", { name: "Lihat Keranjang" })).toBeTruthy();
    expect(within(added).getByRole("button", { name: "Lanjut Belanja" })).toBeTruthy();
  });

  it("says an out-of-stock product is unavailable in Indonesian", async () => {
    shopApi(() => ({ ...rose, stockQuantity: 0, availabilityStatus: "out_of_stock" }), indonesianShopper);
    openProduct();
    expect(await screen.findByText("Produk ini sedang tidak tersedia.")).toBeTruthy();
    expect(screen.getByText("Stok Habis")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Tambah ke Keranjang" })).toHaveProperty("disabled", true);
  });

  it("says a missing product is not found, as the spec words it", async () => {
    fakeApi({
      "GET /api/users/session": loggedIn(indonesianShopper),
      "GET /api/products/5": { status: 404, body: { message: "Produk tidak ditemukan." } },
    });
    openProduct();
    expect(await screen.findByText("Produk tidak ditemukan.")).toBeTruthy();
  });
});
