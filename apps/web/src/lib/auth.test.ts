import type { User } from "@florist/contract";
import { describe, expect, it } from "vitest";
import { afterLogin, homeFor, safeRedirect } from "./auth";

const customer: User = { user_id: 2, username: "siti", email: "siti@example.com", role: "customer", language: "en" };
const admin: User = { user_id: 1, username: "admin", email: "admin@example.com", role: "admin", language: "en" };

describe("where login leads", () => {
  it("goes home by role when nothing asked for the login", () => {
    expect(homeFor(customer)).toBe("/");
    expect(homeFor(admin)).toBe("/admin");
    expect(afterLogin(customer, null)).toBe("/");
    expect(afterLogin(admin, null)).toBe("/admin");
  });

  it("returns to the page that sent the visitor to /login", () => {
    expect(afterLogin(customer, "/produk/3")).toBe("/produk/3");
    expect(afterLogin(admin, "/admin/products")).toBe("/admin/products");
    expect(afterLogin(admin, "/keranjang")).toBe("/admin");
  });

  it("honours only paths of this site", () => {
    expect(safeRedirect("/keranjang")).toBe("/keranjang");
    expect(safeRedirect("//evil.example")).toBeNull();
    expect(safeRedirect("/\\evil.example")).toBeNull();
    expect(safeRedirect("https://evil.example")).toBeNull();
    expect(safeRedirect(undefined)).toBeNull();
  });
});
