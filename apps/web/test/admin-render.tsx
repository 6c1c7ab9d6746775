import type { AdminOverview, AdminTransaction, Category, User } from "@florist/contract";
import type { ReactElement } from "react";
import { renderScreen } from "./render-app";

export const admin: User = { user_id: 1, username: "admin", email: "admin@example.com", role: "admin", language: "en" };

/** The session answer of the shop's admin, for fakeApi's "GET /api/users/session". */
export const adminSession = { body: { loggedIn: true, user: admin } };

export const categories: Category[] = [
  { category_id: 1, name: "Bouquet", position: 1 },
  { category_id: 2, name: "Flower Box", position: 2 },
];

export function transaction(order_id: number, order_status: string): AdminTransaction {
  return {
    order_id,
    customer_name: `customer${order_id}`,
    order_date: `2026-11-${String(10 + order_id).padStart(2, "0")}T08:00:00.000Z`,
    total_price: 150000 + order_id,
    order_status,
    payment_status: "Pending",
    phone: null,
  };
}

/** The overview answer of a one-page table holding `rows`. */
export function overview(rows: AdminTransaction[]): AdminOverview {
  return {
    transactions: rows,
    monthlyIncome: 0,
    reviews: [],
    pagination: { page: 1, limit: 10, total: rows.length, hasNext: false },
  };
}

/** Renders an admin screen or component inside the app's query client and router, at /admin. */
export function renderAdmin(ui: ReactElement) {
  return renderScreen(ui, { path: "/admin" });
}
