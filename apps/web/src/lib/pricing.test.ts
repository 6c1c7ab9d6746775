import { describe, expect, it } from "vitest";
import {
  type CheckoutItem,
  cartItemTotal,
  cartTotals,
  checkoutItemPrice,
  checkoutTotals,
  clampQuantity,
  customizationTotal,
  productSummary,
} from "./pricing";

const item = (overrides: Partial<CheckoutItem> = {}): CheckoutItem => ({
  productId: 1,
  name: "Rose Bouquet",
  price: 150_000,
  quantity: 2,
  imageUrl: null,
  size: "M",
  color: "Red",
  notes: "",
  customizations: [],
  ...overrides,
});

describe("prices and totals", () => {
  it("a customization total is the sum of price times quantity", () => {
    expect(
      customizationTotal([
        { price: 25_000, quantity: 2 },
        { price: 10_000, quantity: 1 },
      ]),
    ).toBe(60_000);
    expect(customizationTotal([])).toBe(0);
    expect(customizationTotal(undefined)).toBe(0);
  });

  it("a cart line costs unit price times quantity plus its customizations", () => {
    expect(cartItemTotal({ unitPrice: 150_000, quantity: 2, customizations: [{ price: 35_000, quantity: 1 }] })).toBe(
      335_000,
    );
  });

  it("the cart total is the sum of the lines plus shipping", () => {
    const totals = cartTotals(
      [
        { unitPrice: 150_000, quantity: 2, customizations: [{ price: 35_000, quantity: 1 }] },
        { unitPrice: 120_000, quantity: 1, customizations: [] },
      ],
      50_000,
    );
    expect(totals).toEqual({ subtotal: 455_000, shipping: 50_000, total: 505_000 });
  });

  it("an empty cart costs only its shipping", () => {
    expect(cartTotals([], 50_000)).toEqual({ subtotal: 0, shipping: 50_000, total: 50_000 });
  });

  it("a checkout line is sent as unit price times quantity plus its customization total", () => {
    const card = { customization_id: 1, name: "Card", price: 12_500, quantity: 2 };
    expect(checkoutItemPrice(item({ customizations: [card] }))).toBe(325_000);
  });

  it("the checkout total is the subtotal of the lines plus shipping", () => {
    const totals = checkoutTotals(
      [
        item(),
        item({
          price: 90_000,
          quantity: 1,
          customizations: [{ customization_id: 2, name: "Ribbon", price: 10_000, quantity: 1 }],
        }),
      ],
      40_000,
    );
    expect(totals).toEqual({ subtotal: 400_000, shipping: 40_000, total: 440_000 });
  });

  it("the product summary shows subtotal, customization and total", () => {
    expect(productSummary(175_000, 3, [{ price: 20_000, quantity: 2 }])).toEqual({
      subtotal: 525_000,
      customization: 40_000,
      total: 565_000,
    });
  });
});

describe("quantity limits", () => {
  it("keeps the quantity between 1 and the stock", () => {
    expect(clampQuantity(0, 5)).toBe(1);
    expect(clampQuantity(-3, 5)).toBe(1);
    expect(clampQuantity(3, 5)).toBe(3);
    expect(clampQuantity(9, 5)).toBe(5);
  });

  it("rests at 1 when there is no stock or no number", () => {
    expect(clampQuantity(4, 0)).toBe(1);
    expect(clampQuantity(Number.NaN, 5)).toBe(1);
  });

  it("drops fractions", () => {
    expect(clampQuantity(2.7, 5)).toBe(2);
  });
});
