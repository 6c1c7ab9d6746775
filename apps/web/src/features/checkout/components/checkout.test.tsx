import type { CartItem, DayAvailability, DeliverySchedule, SlotAvailability } from "@florist/contract";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type FakeAnswer, type FakeHandler, fakeApi } from "../../../../test/fake-api";
import { orderDetail } from "../../../../test/order-fixtures";
import {
  indonesianShopper,
  inIndonesian,
  loggedIn,
  renderScreen,
  rupiah,
  shownText,
} from "../../../../test/render-app";
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

const created = orderDetail(42, "Order Received", "Pending", {
  shippingAddress: "Siti Rahma",
  orderDate: "2026-11-23T10:00:00.000Z",
  totalPrice: 355_000,
  shippingCost: 40_000,
  delivery: {
    date: "2026-11-24",
    slotId: 2,
    label: "Midday",
    start: "12:00",
    end: "15:00",
    zoneId: null,
    zoneName: null,
  },
  recipientName: "Siti Rahma",
  recipientPhone: "0812 3456 7890",
});

const schedule: DeliverySchedule = {
  timezone: "Asia/Jakarta",
  windowDays: 3,
  slots: [],
  zones: [
    { zoneId: 4, name: "Sukajadi", fee: 25_000, active: true },
    { zoneId: 3, name: "Coblong", fee: 20_000, active: true },
  ],
  closedDates: [],
};

const slot = (slotId: number, label: string, start: string, end: string) => ({
  free: (remaining: number): SlotAvailability => ({
    slotId,
    label,
    start,
    end,
    remaining,
    available: true,
    reason: null,
  }),
  not: (reason: SlotAvailability["reason"]): SlotAvailability => ({
    slotId,
    label,
    start,
    end,
    remaining: 0,
    available: false,
    reason,
  }),
});
const morning = slot(1, "Morning", "09:00", "12:00");
const midday = slot(2, "Midday", "12:00", "15:00");
const afternoon = slot(3, "Afternoon", "15:00", "18:00");

/** Today (Monday) has nothing left; Tuesday's midday has 3 places; Wednesday's morning is closed. */
const week: DayAvailability[] = [
  { date: "2026-11-23", slots: [morning.not("cutoff"), midday.not("cutoff"), afternoon.not("full")] },
  { date: "2026-11-24", slots: [morning.not("cutoff"), midday.free(3), afternoon.not("full")] },
  { date: "2026-11-25", slots: [morning.not("closed"), midday.free(10), afternoon.free(10)] },
];

/** Set by the Indonesian tests: the session's account reads Indonesian. */
let indonesianReader = false;

/** Answers each availability read with the next list given (the last one from then on). */
function checkoutApi(order: FakeAnswer = { status: 201, body: created }, ...availability: DayAvailability[][]) {
  return fakeApi(checkoutRoutes(order, ...availability));
}

function checkoutRoutes(
  order: FakeAnswer = { status: 201, body: created },
  ...availability: DayAvailability[][]
): Record<string, FakeHandler | FakeAnswer> {
  const answers = availability.length > 0 ? availability : [week];
  let reads = 0;
  return {
    "GET /api/users/session": loggedIn(indonesianReader ? indonesianShopper : undefined),
    "GET /api/delivery/schedule": { body: schedule },
    "GET /api/delivery/availability": () => ({ body: answers[Math.min(reads++, answers.length - 1)] }),
    "POST /api/order": order,
  };
}

function openCheckout(items: CheckoutItem[] = [roses]) {
  return renderScreen(<CheckoutPage />, {
    path: "/pemesanan",
    state: { checkoutItems: items, shippingCost: 40_000, cartId: 3 },
  });
}

/** Fills the required fields once the delivery times are shown. */
async function fillShipping(user: ReturnType<typeof openCheckout>["user"]) {
  await screen.findByRole("group", { name: "Delivery time (WIB)" });
  await fillRequired(user);
}

const ENGLISH_LABELS = {
  first: "Recipient's first name",
  last: "Recipient's last name",
  phone: "Recipient's phone",
  address: "Address",
};

async function fillRequired(user: ReturnType<typeof openCheckout>["user"], labels = ENGLISH_LABELS) {
  await user.type(await screen.findByLabelText(labels.first), "Siti");
  await user.type(screen.getByLabelText(labels.last), "Rahma");
  await user.type(screen.getByLabelText(labels.phone), "0812 3456 7890");
  await user.type(screen.getByLabelText(labels.address), "Jl. Dago 1");
}

/** The radio buttons of one group (Delivery date, Delivery time), by their names. */
function choices(group: string) {
  const fieldset = screen.getByRole("group", { name: group });
  return within(fieldset)
    .getAllByRole("radio")
    .map((radio) => ({
      name: shownText(radio.closest("label")),
      checked: (radio as HTMLInputElement).checked,
      disabled: (radio as HTMLInputElement).disabled,
    }));
}

async function confirmOrder(user: ReturnType<typeof openCheckout>["user"]) {
  await user.click(screen.getByRole("button", { name: "Confirm Order" }));
  await user.click(
    within(screen.getByRole("alertdialog", { name: "Confirm your order" })).getByRole("button", {
      name: "Yes, confirm",
    }),
  );
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

  it("puts the order summary and its total before Confirm Order, which still sends the shipping form", async () => {
    checkoutApi();
    openCheckout();
    const summary = await screen.findByRole("complementary", { name: "Order Summary" });
    const confirm = screen.getByRole("button", { name: "Confirm Order" });
    // One column on a phone: what comes first in the page is read first.
    expect(summary.contains(confirm)).toBe(true);
    expect(within(summary).getByText("Total").compareDocumentPosition(confirm)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    const form = document.querySelector("form.checkout-form");
    expect((confirm as HTMLButtonElement).form).toBe(form);
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
    // The form asks where before who: the address is the first field wrong.
    expect(document.activeElement).toBe(screen.getByLabelText("Address"));
    expect(screen.getByLabelText("Recipient's first name").getAttribute("aria-invalid")).toBe("true");
    expect(screen.queryByRole("alertdialog")).toBeNull();

    await user.type(screen.getByLabelText("Recipient's first name"), "S");
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
    expect(shownText(dialog)).toContain("Delivery: Tue 24 Nov · 12:00–15:00 WIB.");
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(api.callsTo("POST /api/order")).toHaveLength(0);

    await user.click(screen.getByRole("button", { name: "Confirm Order" }));
    dialog = screen.getByRole("alertdialog", { name: "Confirm your order" });
    await user.click(within(dialog).getByRole("button", { name: "Yes, confirm" }));
    const done = await screen.findByRole("alertdialog", { name: "Order created successfully!" });
    expect(shownText(done)).toContain(`Your order MB-042 has been received. Total: ${rupiah(355_000)}.`);
    expect(shownText(done)).toContain("Delivery: Tue 24 Nov · 12:00–15:00 WIB.");

    const [call] = api.callsTo("POST /api/order");
    if (!call) throw new Error("No order was sent.");
    expect(call.body).toMatchObject({
      user_id: 7,
      cart_id: 3,
      order_status: "Order Received",
      payment_status: "Pending",
      items: [{ product_id: 5, quantity: 2, cart_item_id: 11, price: 315_000 }],
      delivery_date: "2026-11-24",
      delivery_slot_id: 2,
      recipient_name: "Siti Rahma",
      recipient_phone: "0812 3456 7890",
      sender_anonymous: false,
      remind_next_year: false,
    });
    expect(call.body).not.toHaveProperty("delivery_zone_id");
    expect(call.body).not.toHaveProperty("card_message");
    expect((call.body as { shipping_address: string }).shipping_address).toBe(
      "Siti Rahma\nJl. Dago 1\nBandung\nEmail: siti@example.com\nTelepon: 0812 3456 7890",
    );

    await user.click(within(done).getByRole("button", { name: "View Orders" }));
    expect(await screen.findByRole("heading", { name: "Now at /pesanan" })).toBeTruthy();
  });

  it("offers the way to pay from the order-created dialog", async () => {
    checkoutApi();
    const { user } = openCheckout();
    await fillShipping(user);
    await confirmOrder(user);
    const done = await screen.findByRole("alertdialog", { name: "Order created successfully!" });
    expect(shownText(done)).toContain("Please pay by bank transfer and send us the transfer receipt.");
    await user.click(within(done).getByRole("button", { name: "How to pay" }));
    expect(await screen.findByRole("heading", { name: "Now at /pesanan/42/bayar" })).toBeTruthy();
  });

  it("asks for a reminder next year only when ticked", async () => {
    const api = checkoutApi();
    const { user } = openCheckout();
    await user.click(await screen.findByRole("checkbox", { name: /Remind me next year/ }));
    await fillShipping(user);
    await confirmOrder(user);
    await screen.findByRole("alertdialog", { name: "Order created successfully!" });
    expect(api.callsTo("POST /api/order")[0]?.body).toMatchObject({ remind_next_year: true });
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

  it("says which add-on is no longer offered and leads back to the cart", async () => {
    const message =
      "Greeting Card is no longer offered; it was removed from Rose Bouquet. Please check your cart and order again.";
    const api = checkoutApi({ status: 409, body: { message, code: "ADDON_RETIRED" } });
    const { user } = openCheckout();
    await fillShipping(user);
    await confirmOrder(user);

    const changed = await screen.findByRole("alertdialog", { name: "Your cart has changed" });
    expect(changed.textContent).toContain(message);
    expect(within(changed).getByRole("link", { name: "Back to my cart" }).getAttribute("href")).toBe("/keranjang");
    expect(api.callsTo("POST /api/order")).toHaveLength(1);
  });
});

describe("the prices read again at Confirm", () => {
  /** The roses' cart line as the server prices it now. */
  const rosesLine = (unitPrice: number): CartItem => ({
    cartItemId: 11,
    productId: 5,
    productName: "Rose Bouquet",
    imageUrl: null,
    quantity: 2,
    unitPrice,
    linePrice: unitPrice * 2 + 15_000,
    selectedSize: "Large",
    sizeAvailable: "Small,Large",
    selectedColor: "Red",
    selectedColorHex: "#e03131",
    colorAvailable: "Red::#e03131",
    stockQuantity: 10,
    customizations: [{ customization_id: 1, name: "Greeting Card", price: 15_000, quantity: 1 }],
    customizationTotal: 15_000,
  });
  const cartPricedAt = (unitPrice: number) => ({
    "POST /api/cart/user/7/ensure": { body: { cartId: 3 } },
    "GET /api/cart/user/7/full": { body: { cartId: 3, items: [rosesLine(unitPrice)] } },
    "GET /api/settings/delivery-fee": { body: { deliveryFee: 40_000 } },
  });

  it("places the order at once when the prices are still those shown", async () => {
    const api = fakeApi({ ...checkoutRoutes(), ...cartPricedAt(150_000) });
    const { user } = openCheckout();
    await fillShipping(user);
    await confirmOrder(user);

    await screen.findByRole("alertdialog", { name: "Order created successfully!" });
    expect(api.callsTo("GET /api/cart/user/7/full")).toHaveLength(1);
    expect(api.callsTo("POST /api/order")).toHaveLength(1);
  });

  it("places nothing when the florist changed a price meanwhile, shows the new total and orders at it once confirmed again", async () => {
    const api = fakeApi({ ...checkoutRoutes(), ...cartPricedAt(170_000) });
    const { user } = openCheckout();
    await fillShipping(user);
    await confirmOrder(user);

    const changed = await screen.findByRole("alertdialog", { name: "Prices have changed" });
    expect(shownText(changed)).toContain(
      `The shop's prices changed while you were checking out. The total is now ${rupiah(395_000)}. Please check your order and confirm again.`,
    );
    expect(api.callsTo("POST /api/order")).toHaveLength(0);
    await user.click(within(changed).getByRole("button", { name: "Close" }));
    const summary = screen.getByRole("complementary", { name: "Order Summary" });
    expect(shownText(summary)).toContain(rupiah(395_000));

    await user.click(screen.getByRole("button", { name: "Confirm Order" }));
    const dialog = screen.getByRole("alertdialog", { name: "Confirm your order" });
    expect(shownText(dialog)).toContain(`Place this order for ${rupiah(395_000)}`);
    await user.click(within(dialog).getByRole("button", { name: "Yes, confirm" }));
    await screen.findByRole("alertdialog", { name: "Order created successfully!" });
    const [call] = api.callsTo("POST /api/order");
    expect(call?.body).toMatchObject({
      shipping_cost: 40_000,
      items: [{ product_id: 5, quantity: 2, cart_item_id: 11, price: 355_000 }],
    });
  });

  it("says the cart changed when another window changed a line's quantity, and orders the new quantity once confirmed again", async () => {
    const api = fakeApi({
      ...checkoutRoutes(),
      ...cartPricedAt(150_000),
      "GET /api/cart/user/7/full": { body: { cartId: 3, items: [{ ...rosesLine(150_000), quantity: 3 }] } },
    });
    const { user } = openCheckout();
    await fillShipping(user);
    await confirmOrder(user);

    const changed = await screen.findByRole("alertdialog", { name: "Your cart has changed" });
    expect(shownText(changed)).toContain(
      `Your cart was changed in another window while you were checking out. The total is now ${rupiah(505_000)}. Please check your order and confirm again.`,
    );
    expect(shownText(changed)).not.toContain("prices changed");
    expect(api.callsTo("POST /api/order")).toHaveLength(0);
    await user.click(within(changed).getByRole("button", { name: "Close" }));
    await user.click(screen.getByRole("button", { name: "Confirm Order" }));
    await user.click(
      within(screen.getByRole("alertdialog", { name: "Confirm your order" })).getByRole("button", {
        name: "Yes, confirm",
      }),
    );
    await screen.findByRole("alertdialog", { name: "Order created successfully!" });
    expect(api.callsTo("POST /api/order")[0]?.body).toMatchObject({ items: [{ cart_item_id: 11, quantity: 3 }] });
  });

  it("places one order when Yes, confirm is pressed again while the prices are read", async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const api = fakeApi({
      ...checkoutRoutes(),
      ...cartPricedAt(150_000),
      "GET /api/cart/user/7/full": async () => {
        await held;
        return { body: { cartId: 3, items: [rosesLine(150_000)] } };
      },
    });
    const { user } = openCheckout();
    await fillShipping(user);
    await user.click(screen.getByRole("button", { name: "Confirm Order" }));
    const yes = within(screen.getByRole("alertdialog", { name: "Confirm your order" })).getByRole("button", {
      name: "Yes, confirm",
    });
    await user.click(yes);
    await user.click(yes);
    release();

    await screen.findByRole("alertdialog", { name: "Order created successfully!" });
    expect(api.callsTo("GET /api/cart/user/7/full")).toHaveLength(1);
    expect(api.callsTo("POST /api/order")).toHaveLength(1);
  });

  it("reads the chosen district's fee again, and shows the new one in the form", async () => {
    let scheduleReads = 0;
    const raised: DeliverySchedule = {
      ...schedule,
      zones: schedule.zones.map((zone) => (zone.zoneId === 3 ? { ...zone, fee: 30_000 } : zone)),
    };
    const api = fakeApi({
      ...checkoutRoutes(),
      ...cartPricedAt(150_000),
      "GET /api/delivery/schedule": () => ({ body: scheduleReads++ === 0 ? schedule : raised }),
    });
    const { user } = openCheckout();
    await user.selectOptions(await screen.findByLabelText("District (kecamatan)"), "3");
    await fillShipping(user);
    await confirmOrder(user);

    const changed = await screen.findByRole("alertdialog", { name: "Prices have changed" });
    expect(shownText(changed)).toContain(`The total is now ${rupiah(345_000)}.`);
    expect(api.callsTo("POST /api/order")).toHaveLength(0);
    await user.click(within(changed).getByRole("button", { name: "Close" }));
    const district = screen.getByLabelText("District (kecamatan)");
    expect(within(district).getAllByRole("option").map(shownText)).toContain(`Coblong · ${rupiah(30_000)}`);
    await confirmOrder(user);
    await screen.findByRole("alertdialog", { name: "Order created successfully!" });
    expect(api.callsTo("POST /api/order")[0]?.body).toMatchObject({ delivery_zone_id: 3, shipping_cost: 30_000 });
  });

  it("reads a Buy Now line's size and add-on prices again", async () => {
    const buyNow: CheckoutItem = { ...roses, cartItemId: undefined };
    const api = fakeApi({
      ...checkoutRoutes(),
      "GET /api/products/price/Large": { body: { productId: 5, size: "Large", price: 150_000 } },
      "GET /api/customization": { body: [{ customization_id: 1, name: "Greeting Card", price: 20_000 }] },
      "GET /api/settings/delivery-fee": { body: { deliveryFee: 40_000 } },
    });
    const { user } = openCheckout([buyNow]);
    await fillShipping(user);
    await confirmOrder(user);

    const changed = await screen.findByRole("alertdialog", { name: "Prices have changed" });
    expect(shownText(changed)).toContain(`The total is now ${rupiah(360_000)}.`);
    expect(api.callsTo("POST /api/order")).toHaveLength(0);
    expect(api.callsTo("GET /api/cart/user/7/full")).toHaveLength(0);
    await user.click(within(changed).getByRole("button", { name: "Close" }));
    const summary = screen.getByRole("complementary", { name: "Order Summary" });
    expect(within(summary).getAllByRole("listitem").map(shownText)).toContain(
      `+ Greeting Card (${rupiah(20_000)} x 1)`,
    );
  });
});

describe("choosing when the flowers arrive", () => {
  it("offers only the dates with a free slot and preselects the earliest free slot", async () => {
    const api = checkoutApi();
    openCheckout();
    await screen.findByRole("group", { name: "Delivery time (WIB)" });
    expect(choices("Delivery date")).toEqual([
      { name: "Tue 24 Nov", checked: true, disabled: false },
      { name: "Wed 25 Nov", checked: false, disabled: false },
    ]);
    expect(choices("Delivery time (WIB)")).toEqual([
      { name: "Morning 09:00–12:00 Too late today", checked: false, disabled: true },
      { name: "Midday 12:00–15:00 3 left", checked: true, disabled: false },
      { name: "Afternoon 15:00–18:00 Full", checked: false, disabled: true },
    ]);
    expect(api.callsTo("GET /api/delivery/availability")).toHaveLength(1);
  });

  it("shows another date's slots, with why a slot is closed, and selects its earliest free one", async () => {
    const api = checkoutApi();
    const { user } = openCheckout();
    await user.click(await screen.findByRole("radio", { name: "Wed 25 Nov" }));
    expect(choices("Delivery time (WIB)")).toEqual([
      { name: "Morning 09:00–12:00 Closed", checked: false, disabled: true },
      { name: "Midday 12:00–15:00 10 left", checked: true, disabled: false },
      { name: "Afternoon 15:00–18:00 10 left", checked: false, disabled: false },
    ]);
    await user.click(screen.getByRole("radio", { name: /Afternoon/ }));
    await fillShipping(user);
    await confirmOrder(user);
    await screen.findByRole("alertdialog", { name: "Order created successfully!" });
    expect(api.callsTo("POST /api/order")[0]?.body).toMatchObject({ delivery_date: "2026-11-25", delivery_slot_id: 3 });
  });

  it("says the florist will call when no slot is free in the window, and orders without one", async () => {
    const full = week.map((day) => ({
      ...day,
      slots: day.slots.map((s) => ({ ...s, available: false, remaining: 0, reason: "full" as const })),
    }));
    const api = checkoutApi({ status: 201, body: { ...created, delivery: null } }, full);
    const { user } = openCheckout();
    expect(
      await screen.findByText(
        "No delivery time is free in the next 3 days. Place your order and our florist will call you to arrange delivery.",
      ),
    ).toBeTruthy();
    expect(screen.queryByRole("group", { name: "Delivery date" })).toBeNull();
    await fillRequired(user);
    await user.click(screen.getByRole("button", { name: "Confirm Order" }));
    expect(shownText(screen.getByRole("alertdialog", { name: "Confirm your order" }))).toContain(
      "Our florist will call you to arrange the delivery.",
    );
    await user.click(screen.getByRole("button", { name: "Yes, confirm" }));
    const done = await screen.findByRole("alertdialog", { name: "Order created successfully!" });
    expect(shownText(done)).toContain("Our florist will call you to arrange the delivery.");
    const body = api.callsTo("POST /api/order")[0]?.body;
    expect(body).not.toHaveProperty("delivery_date");
    expect(body).not.toHaveProperty("delivery_slot_id");
  });

  it("still takes the order when the delivery times cannot be read, leaving the slot to the server", async () => {
    const api = fakeApi({
      "GET /api/users/session": loggedIn(),
      "GET /api/delivery/schedule": { status: 503, body: { message: "Service unavailable" } },
      "POST /api/order": { status: 201, body: created },
    });
    const { user } = openCheckout();
    expect(
      await screen.findByText("Delivery times could not be loaded. Your order will get the earliest free time."),
    ).toBeTruthy();
    expect(screen.queryByLabelText("District (kecamatan)")).toBeNull();
    await fillRequired(user);
    await confirmOrder(user);
    await screen.findByRole("alertdialog", { name: "Order created successfully!" });
    const body = api.callsTo("POST /api/order")[0]?.body;
    expect(body).not.toHaveProperty("delivery_date");
    expect(body).not.toHaveProperty("delivery_zone_id");
  });

  it("adds the chosen district's fee to the total at once and sends the district", async () => {
    const api = checkoutApi();
    const { user } = openCheckout();
    const summary = await screen.findByRole("complementary", { name: "Order Summary" });
    const figure = (label: string) => shownText(within(summary).getByText(label).nextElementSibling);
    const district = await screen.findByLabelText("District (kecamatan)");
    expect(within(district).getAllByRole("option").map(shownText)).toEqual([
      "Choose a district",
      `Coblong · ${rupiah(20_000)}`,
      `Sukajadi · ${rupiah(25_000)}`,
    ]);
    expect(figure("Shipping")).toBe(rupiah(40_000));
    await user.selectOptions(district, "3");
    expect(figure("Shipping")).toBe(rupiah(20_000));
    expect(figure("Total")).toBe(rupiah(335_000));
    expect(screen.getByText(/Delivery to Coblong:/)).toBeTruthy();
    expect(within(summary).getByText("Tue 24 Nov · 12:00–15:00 WIB, Coblong")).toBeTruthy();
    await fillShipping(user);
    await confirmOrder(user);
    await screen.findByRole("alertdialog", { name: "Order created successfully!" });
    expect(api.callsTo("POST /api/order")[0]?.body).toMatchObject({ delivery_zone_id: 3 });
  });

  it("shows the server's message when the slot filled meanwhile, reads what is left again and sends nothing more", async () => {
    const filled = week.map((day) =>
      day.date === "2026-11-24"
        ? { ...day, slots: [morning.not("cutoff"), midday.not("full"), afternoon.not("full")] }
        : day,
    );
    const api = checkoutApi(
      { status: 409, body: { message: "The Midday slot on 24 Nov is full. Please choose another time." } },
      week,
      filled,
    );
    const { user } = openCheckout();
    await fillShipping(user);
    await confirmOrder(user);

    const failure = await screen.findByRole("alertdialog", { name: "Failed to process order." });
    expect(failure.textContent).toContain("The Midday slot on 24 Nov is full. Please choose another time.");
    await waitFor(() => expect(api.callsTo("GET /api/delivery/availability")).toHaveLength(2));
    await user.click(within(failure).getByRole("button", { name: "Close" }));

    // Tuesday has nothing left: Wednesday is shown, and no slot is chosen for the shopper.
    await waitFor(() => expect(choices("Delivery date").map((c) => c.name)).toEqual(["Wed 25 Nov"]));
    // The shopper is taken back to the slots to choose again.
    expect(document.activeElement).toBe(screen.getByRole("radio", { name: /Midday/ }));
    expect(choices("Delivery time (WIB)").some((c) => c.checked)).toBe(false);
    expect((screen.getByLabelText("Recipient's first name") as HTMLInputElement).value).toBe("Siti");
    await user.click(screen.getByRole("button", { name: "Confirm Order" }));
    expect(screen.getByText("Please choose a delivery time.")).toBeTruthy();
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(api.callsTo("POST /api/order")).toHaveLength(1);

    await user.click(screen.getByRole("radio", { name: /Afternoon/ }));
    expect(screen.queryByText("Please choose a delivery time.")).toBeNull();
  });
});

describe("the gift card", () => {
  it("counts as the server does, an emoji with its skin tone as one", async () => {
    checkoutApi();
    openCheckout();
    const card = await screen.findByLabelText(/Card message/);
    fireEvent.change(card, { target: { value: "Hi 👋🏽" } });
    expect(screen.getByText("4/250")).toBeTruthy();
  });

  it("refuses more than 250 characters and keeps what fits of a longer paste", async () => {
    checkoutApi();
    const { user } = openCheckout();
    const card = (await screen.findByLabelText(/Card message/)) as HTMLTextAreaElement;
    fireEvent.change(card, { target: { value: "🌷".repeat(260) } });
    expect(card.value).toBe("🌷".repeat(250));
    expect(screen.getByText("250/250")).toBeTruthy();
    await user.type(card, "x");
    expect(card.value).toBe("🌷".repeat(250));
  });

  it("sends the message and the anonymous choice with the order", async () => {
    const api = checkoutApi();
    const { user } = openCheckout();
    await user.type(await screen.findByLabelText(/Card message/), "Selamat ulang tahun, Ibu!");
    await user.click(screen.getByRole("checkbox", { name: /Send anonymously/ }));
    await fillShipping(user);
    await confirmOrder(user);
    await screen.findByRole("alertdialog", { name: "Order created successfully!" });
    expect(api.callsTo("POST /api/order")[0]?.body).toMatchObject({
      card_message: "Selamat ulang tahun, Ibu!",
      sender_anonymous: true,
    });
  });
});

describe("the checkout form, in Indonesian", () => {
  inIndonesian();
  beforeEach(() => {
    indonesianReader = true;
  });
  afterEach(() => {
    indonesianReader = false;
  });

  it("asks its steps, names what is missing and confirms in Indonesian, prices still in rupiah", async () => {
    const api = checkoutApi();
    const { user } = openCheckout();
    const summary = await screen.findByRole("complementary", { name: "Ringkasan Pesanan" });
    expect(shownText(within(summary).getByText("Ongkos kirim").nextElementSibling)).toBe(rupiah(40_000));
    expect(within(summary).getByText("Ukuran Large")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Detail Pengiriman" })).toBeTruthy();
    expect(screen.getByText("Saat ini pengiriman hanya tersedia di dalam Kota Bandung.")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Kapan harus tiba?" })).toBeTruthy();
    // Tuesday 24 November, in Indonesian, with the places left.
    await screen.findByRole("group", { name: "Waktu pengiriman (WIB)" });
    expect(choices("Tanggal pengiriman").map((c) => c.name)).toContain("Sel 24 Nov");
    expect(choices("Waktu pengiriman (WIB)").find((c) => c.checked)?.name).toBe("Midday 12:00–15:00 sisa 3");

    await user.click(screen.getByRole("button", { name: "Konfirmasi Pesanan" }));
    expect(screen.getByText("Alamat wajib diisi.")).toBeTruthy();
    expect(screen.getByText("Nama depan wajib diisi.")).toBeTruthy();
    expect(api.callsTo("POST /api/order")).toHaveLength(0);

    await fillRequired(user, {
      first: "Nama depan penerima",
      last: "Nama belakang penerima",
      phone: "Telepon penerima",
      address: "Alamat",
    });
    await user.click(screen.getByRole("button", { name: "Konfirmasi Pesanan" }));
    const confirm = screen.getByRole("alertdialog", { name: "Konfirmasi pesanan Anda" });
    expect(shownText(confirm)).toContain(
      `Buat pesanan ini senilai ${rupiah(355_000)}, dikirim ke Jl. Dago 1, Bandung?`,
    );
    await user.click(within(confirm).getByRole("button", { name: "Ya, konfirmasi" }));
    const done = await screen.findByRole("alertdialog", { name: "Pesanan berhasil dibuat!" });
    expect(within(done).getByRole("button", { name: "Lihat Pesanan" })).toBeTruthy();
  });
});
