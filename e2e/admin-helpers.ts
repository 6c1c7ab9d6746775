import type { OrderDetail, Product } from "@florist/contract";
import type { Page } from "playwright-core";
import sharp from "sharp";
import { ApiSession } from "./support/api";
import { ADMIN } from "./support/shop";
import { fillLogin, uniqueUser, waitForPath } from "./support/ui";

/** A real PNG of one colour, as a phone camera would hand the browser a photo. */
export async function pngImage(color: string, size = 320): Promise<Buffer> {
  return sharp({ create: { width: size, height: size, channels: 3, background: color } })
    .png()
    .toBuffer();
}

export function fileInput(name: string, buffer: Buffer, mimeType = "image/png") {
  return { name, mimeType, buffer };
}

/** The amount in a rupiah text such as "Rp 1.250.000". */
export function rupiahValue(text: string | null): number {
  return Number((text ?? "").replace(/[^\d]/g, ""));
}

export async function loginAsAdmin(page: Page): Promise<void> {
  await page.goto("/login");
  await fillLogin(page, ADMIN.username, ADMIN.password);
  await waitForPath(page, "/admin");
  // The navigation settles once the dashboard is drawn; a menu opened earlier may close again.
  await page.getByRole("heading", { name: "Admin Dashboard" }).waitFor();
}

/** Logs the browser in through the API; the page shares its cookies with page.request. */
export async function loginThroughApi(page: Page, identifier: string, password: string): Promise<void> {
  const response = await page.request.post("/api/users/login", { data: { identifier, password } });
  if (!response.ok()) throw new Error(`login answered ${response.status()}`);
}

export async function adminApi(baseUrl: string): Promise<ApiSession> {
  const admin = new ApiSession(baseUrl);
  await admin.login(ADMIN.username, ADMIN.password);
  return admin;
}

/**
 * The demo catalogue's first product that `pick` accepts (else its first), stocked to 500 so that no
 * journey sells it out.
 */
export async function stockedProduct(admin: ApiSession, pick: (product: Product) => boolean): Promise<Product> {
  const products = await admin.request<Product[]>("GET", "/products");
  const found = products.find(pick) ?? products[0];
  if (!found) throw new Error("The demo catalogue has no products.");
  return admin.setStock(found, 500);
}

export interface Customer {
  api: ApiSession;
  userId: number;
  username: string;
  email: string;
  password: string;
}

export async function newCustomer(baseUrl: string, prefix: string): Promise<Customer> {
  const details = uniqueUser(prefix);
  const api = new ApiSession(baseUrl);
  const user = await api.register(details.username, details.email, details.password);
  return { api, userId: user.user_id, ...details };
}

/** An order line of the product in its first size and colour, as the product page preselects them. */
export function firstChoiceLine(product: Product, quantity = 1) {
  return {
    product_id: product.productId,
    quantity,
    size: product.sizeOptions[0],
    color: product.colorOptions[0]?.split("::")[0],
  };
}

/** A Buy Now order placed through the API, as the checkout screen would place it. */
export function placeOrder(customer: Customer, product: Product, quantity = 1): Promise<OrderDetail> {
  return customer.api.request<OrderDetail>("POST", "/order", {
    user_id: customer.userId,
    shipping_address: [
      `${customer.username} Wibowo`,
      "Jl. Braga No. 12",
      "Bandung",
      `Email: ${customer.email}`,
      "Telepon: 081234567890",
      "Catatan: Kartu ucapan: Selamat ulang tahun!",
    ].join("\n"),
    items: [firstChoiceLine(product, quantity)],
  });
}
