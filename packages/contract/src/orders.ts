import { z } from "zod";
import { calendarDate, id, int, numberFrom, pageLimit, pageNumber, paginationSchema, quantity } from "./common.js";
import { CARD_MESSAGE_MAX, cardMessageLength } from "./rules.js";

const orderItem = z.object({
  product_id: id,
  quantity,
  price: z.unknown().optional(),
  cart_item_id: id.optional().nullable(),
  /** Buy Now only (a cart line brings its own): the chosen size, colour and customizations. */
  size: z.string().trim().max(80).nullish(),
  color: z.string().trim().max(80).nullish(),
  customizations: z
    .array(
      z.object({
        customization_id: id,
        quantity: quantity.default(1),
      }),
    )
    .max(20)
    .nullish(),
});

/** Prices, shipping and statuses are accepted for the storefront's payload shape but never stored as sent. */
export const createOrderBody = z
  .object({
    user_id: id.optional(),
    shipping_address: z
      .string({ error: "Shipping address is required." })
      .trim()
      .min(5, "Shipping address is required.")
      .max(2000, "Shipping address is too long."),
    shipping_cost: z.unknown().optional(),
    order_status: z.unknown().optional(),
    payment_status: z.unknown().optional(),
    cart_id: id.optional().nullable(),
    items: z.array(orderItem).min(1, "There are no items to process.").max(100, "Too many items in one order."),
    /* Delivery and the gift (contract §7.1), all optional: an order without them gets the earliest free slot. */
    delivery_date: calendarDate.nullish(),
    delivery_slot_id: id.nullish(),
    delivery_zone_id: id.nullish(),
    recipient_name: z.string({ error: "must be text" }).trim().max(100, "is at most 100 characters").nullish(),
    recipient_phone: z
      .string({ error: "must be text" })
      .trim()
      .max(30, "is at most 30 characters")
      .regex(/^(\+?[0-9][0-9 .-]{5,28})?$/, "must be a phone number")
      .nullish(),
    card_message: z
      .string({ error: "must be text" })
      .max(4 * CARD_MESSAGE_MAX, `is at most ${CARD_MESSAGE_MAX} characters`)
      .refine((text) => cardMessageLength(text.trim()) <= CARD_MESSAGE_MAX, `is at most ${CARD_MESSAGE_MAX} characters`)
      .transform((text) => text.trim())
      .nullish(),
    sender_anonymous: z.boolean({ error: "must be true or false" }).nullish(),
    /** §7.3: one mail seven days before the same day next year, with a link that turns it off. */
    remind_next_year: z.boolean({ error: "must be true or false" }).nullish(),
  })
  .superRefine((order, ctx) => {
    const hasDate = order.delivery_date != null;
    const hasSlot = order.delivery_slot_id != null;
    if (hasDate !== hasSlot) {
      ctx.addIssue({
        code: "custom",
        path: [hasDate ? "delivery_slot_id" : "delivery_date"],
        message: "is required with delivery_date and delivery_slot_id named together",
      });
    }
  });
export type CreateOrderBody = z.input<typeof createOrderBody>;

export const orderIdParam = z.object({ orderId: id });

export const statusBody = z.object({
  status: z.string({ error: "Status is required." }).trim().min(1, "Status is required.").max(40),
  paymentStatus: z.string().trim().max(40).optional(),
});

/** The columns the admin overview sorts by across all pages (§7.4); status follows an order's life. */
export const OVERVIEW_SORTS = ["date", "status", "total", "customer"] as const;
export const SORT_DIRECTIONS = ["asc", "desc"] as const;

export const overviewQuery = z.object({
  page: pageNumber,
  limit: pageLimit,
  search: z.string({ error: "search must be text." }).trim().max(100, "search is at most 100 characters.").optional(),
  month: numberFrom(
    z
      .number({ error: "month must be 1 to 12." })
      .int("month must be 1 to 12.")
      .min(1, "month must be 1 to 12.")
      .max(12, "month must be 1 to 12."),
  ).optional(),
  year: numberFrom(
    z
      .number({ error: "year is out of range." })
      .int("year is out of range.")
      .min(2000, "year is out of range.")
      .max(2100, "year is out of range."),
  ).optional(),
  sort: z.enum(OVERVIEW_SORTS, { error: "sort must be date, status, total or customer." }).default("date"),
  dir: z.enum(SORT_DIRECTIONS, { error: "dir must be asc or desc." }).default("desc"),
});
export type OverviewSort = (typeof OVERVIEW_SORTS)[number];
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

export const reviewSchema = z.object({
  review_id: int,
  order_id: int,
  user_id: int,
  customer_name: z.string(),
  rating: int,
  comment: z.string(),
  review_date: z.string(),
});
export type Review = z.infer<typeof reviewSchema>;

/** Where and when an order is delivered (§7.1): its date and slot, and the district it goes to. */
export const orderDeliverySchema = z.object({
  date: z.string(),
  slotId: int,
  label: z.string(),
  start: z.string(),
  end: z.string(),
  zoneId: int.nullable(),
  zoneName: z.string().nullable(),
});
export type OrderDelivery = z.infer<typeof orderDeliverySchema>;

/** The gift's fields every order answer carries; null on an order placed without them. */
const giftFields = {
  /** null when the order has no slot (placed without one, or none was free in the window). */
  delivery: orderDeliverySchema.nullable(),
  /** The district, also for an order without a slot. */
  deliveryZone: z.object({ zoneId: int, name: z.string() }).nullable(),
  recipientName: z.string().nullable(),
  recipientPhone: z.string().nullable(),
  cardMessage: z.string().nullable(),
  senderAnonymous: z.boolean(),
  /** §7.2: when an unpaid order lapses; null once paid, or when expiry is off. */
  paymentDueAt: z.string().nullable(),
  /** The shopper's transfer receipt, a private path served like `orderProof`. */
  paymentProof: z.string().nullable(),
  /** Why the admin rejected the receipt, or how a payment without one was seen. */
  paymentNote: z.string().nullable(),
};

export const orderSummarySchema = z.object({
  orderId: int,
  orderDate: z.string(),
  orderStatus: z.string(),
  paymentStatus: z.string(),
  totalPrice: int,
  shippingCost: int,
  review: reviewSchema.nullable(),
  orderProof: z.string().nullable(),
  ...giftFields,
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;

/** `productId` is null once the product has been deleted; the line keeps its name and prices. */
export const orderItemDetailSchema = z.object({
  productId: int.nullable(),
  productName: z.string(),
  quantity: int,
  unitPrice: int,
  linePrice: int,
  size: z.string(),
  color: z.string(),
  customizations: z.array(z.object({ name: z.string(), price: int, quantity: int })),
});
export type OrderItemDetail = z.infer<typeof orderItemDetailSchema>;

export const orderDetailSchema = z.object({
  orderId: int,
  userId: int,
  username: z.string(),
  email: z.string(),
  shippingAddress: z.string(),
  orderDate: z.string(),
  deliveryDate: z.string().nullable(),
  orderStatus: z.string(),
  paymentStatus: z.string(),
  totalPrice: int,
  shippingCost: int,
  orderProof: z.string().nullable(),
  items: z.array(orderItemDetailSchema),
  ...giftFields,
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

export const adminTransactionSchema = z.object({
  order_id: int,
  customer_name: z.string(),
  order_date: z.string(),
  total_price: int,
  order_status: z.string(),
  payment_status: z.string(),
  /** The phone the order gives (its recipient's), for a WhatsApp link; null when it gives none. */
  phone: z.string().nullable(),
});
export type AdminTransaction = z.infer<typeof adminTransactionSchema>;

export const adminOverviewSchema = z.object({
  transactions: z.array(adminTransactionSchema),
  monthlyIncome: int,
  reviews: z.array(reviewSchema),
  pagination: paginationSchema,
});
export type AdminOverview = z.infer<typeof adminOverviewSchema>;

export const proofAnswerSchema = z.object({ orderProof: z.string() });
export type ProofAnswer = z.infer<typeof proofAnswerSchema>;

export const cartOrderCustomizationAnswerSchema = z.object({ orderId: int, items: z.array(orderItemDetailSchema) });
export type CartOrderCustomizationAnswer = z.infer<typeof cartOrderCustomizationAnswerSchema>;

export const reviewBody = z.object({
  order_id: id,
  user_id: id.optional(),
  rating: z
    .number({ error: "Rating must be a whole number from 1 to 5." })
    .int("Rating must be a whole number from 1 to 5.")
    .min(1, "Rating must be a whole number from 1 to 5.")
    .max(5, "Rating must be a whole number from 1 to 5."),
  comment: z
    .string()
    .trim()
    .max(2000, "Comment is too long.")
    .nullish()
    .transform((v) => v ?? ""),
});
