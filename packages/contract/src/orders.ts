import { z } from "zod";
import { id, numberFrom, quantity } from "./common.js";

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
export const createOrderBody = z.object({
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
});
export type CreateOrderBody = z.input<typeof createOrderBody>;

export const orderIdParam = z.object({ orderId: id });

export const statusBody = z.object({
  status: z.string({ error: "Status is required." }).trim().min(1, "Status is required.").max(40),
  paymentStatus: z.string().trim().max(40).optional(),
});

export const overviewQuery = z.object({
  page: numberFrom(
    z
      .number({ error: "page must be a number." })
      .int("page must be a whole number.")
      .min(1, "page starts at 1.")
      .max(100_000, "page is at most 100000."),
  ).default(1),
  limit: numberFrom(
    z
      .number({ error: "limit must be a number." })
      .int("limit must be a whole number.")
      .min(1, "limit must be at least 1.")
      .max(100, "limit is at most 100."),
  ).default(10),
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
});

export interface Review {
  review_id: number;
  order_id: number;
  user_id: number;
  customer_name: string;
  rating: number;
  comment: string;
  review_date: string;
}

export interface OrderSummary {
  orderId: number;
  orderDate: string;
  orderStatus: string;
  paymentStatus: string;
  totalPrice: number;
  shippingCost: number;
  review: Review | null;
  orderProof: string | null;
}

export interface OrderItemDetail {
  productId: number | null;
  productName: string;
  quantity: number;
  unitPrice: number;
  linePrice: number;
  size: string;
  color: string;
  customizations: { name: string; price: number; quantity: number }[];
}

export interface OrderDetail {
  orderId: number;
  userId: number;
  username: string;
  email: string;
  shippingAddress: string;
  orderDate: string;
  deliveryDate: string | null;
  orderStatus: string;
  paymentStatus: string;
  totalPrice: number;
  shippingCost: number;
  orderProof: string | null;
  items: OrderItemDetail[];
}

export interface AdminTransaction {
  order_id: number;
  customer_name: string;
  order_date: string;
  total_price: number;
  order_status: string;
}

export interface AdminOverview {
  transactions: AdminTransaction[];
  monthlyIncome: number;
  reviews: Review[];
  pagination: { page: number; limit: number; total: number; hasNext: boolean };
}

export interface ProofAnswer {
  orderProof: string;
}

export interface CartOrderCustomizationAnswer {
  orderId: number;
  items: OrderItemDetail[];
}

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
