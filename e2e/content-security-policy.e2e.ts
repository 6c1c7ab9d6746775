import type { Post, Product } from "@florist/contract";
import { beforeAll, describe, expect, it } from "vitest";
import {
  adminApi,
  type Customer,
  fileInput,
  loginAsAdmin,
  loginThroughApi,
  newCustomer,
  placeOrder,
  pngImage,
} from "./admin-helpers";
import { ApiSession } from "./support/api";
import { type ShopPage, VIEWPORTS } from "./support/browser";
import { shopSuite } from "./support/suite";
import { dialog } from "./support/ui";

const suite = shopSuite();

/** An image address an admin typed for a product: the policy must let the catalogue show it. */
const OUTSIDE_IMAGE = "https://images.example.test/red-roses.png";

let product: Product;
let post: Post;

beforeAll(async () => {
  const api = new ApiSession(suite.baseUrl);
  const products = await api.request<Product[]>("GET", "/products");
  const first = products.find((p) => p.name === "Classic Red Rose Bouquet");
  if (!first) throw new Error("The demo catalogue has no Classic Red Rose Bouquet.");
  product = first;
  const posts = await api.request<Post[]>("GET", "/posts");
  if (!posts[0]) throw new Error("The demo blog is empty.");
  post = posts[0];

  // One product shows a picture from another site, as an admin may set it.
  const admin = await adminApi(suite.baseUrl);
  const full = products.find((p) => p.productId !== product.productId && p.availabilityStatus === "in_stock");
  if (!full) throw new Error("The demo catalogue has one product only.");
  await admin.request("PUT", `/products/${full.productId}`, {
    category_id: full.categoryId,
    name: full.name,
    description: full.description,
    price: full.price,
    stock_quantity: full.stockQuantity,
    size_available: full.sizeOptions.join(","),
    color_available: full.colorOptions.join(","),
    availability_status: full.availabilityStatus,
    product_type: full.productType,
    image_url: OUTSIDE_IMAGE,
  });
});

/** The suite keeps the browser offline; the outside image is answered locally so it can be shown. */
async function serveOutsideImage(tab: ShopPage): Promise<void> {
  const png = await pngImage("#c0392b", 64);
  await tab.context.route(OUTSIDE_IMAGE, (route) => route.fulfill({ body: png, contentType: "image/png" }));
}

/** Opens a page, waits until it is drawn and its requests have settled, and checks the policy blocked nothing. */
async function visit(tab: ShopPage, path: string, heading: string | RegExp): Promise<void> {
  await tab.page.goto(path);
  await tab.page.getByRole("heading", { name: heading }).first().waitFor();
  await tab.page.waitForLoadState("networkidle");
  expect(tab.cspViolations, `${path} at ${tab.viewport.width} px`).toEqual([]);
}

describe.each(VIEWPORTS)("the Content-Security-Policy at $width px", (viewport) => {
  it("blocks nothing on any page a visitor opens, including the video and an image from another site", async () => {
    await suite.journey(viewport, "csp-visitor", async (tab) => {
      const { page } = tab;
      await serveOutsideImage(tab);

      await visit(tab, "/", "Sharing Happiness and Capturing the Moment");
      // The YouTube player is the one frame the shop embeds (the suite keeps it offline). The policy
      // lets the frame ask for its page, which the suite then aborts; a page that never loads never
      // lets the network go idle, so the frame's request itself is what is waited for.
      const playerRequest = page.waitForRequest(/^https:\/\/www\.youtube-nocookie\.com\/embed\//);
      await page.getByRole("button", { name: /Play video/ }).click();
      const frame = page.locator("iframe");
      await frame.waitFor({ state: "attached" });
      expect(await frame.getAttribute("src")).toMatch(/^https:\/\/www\.youtube-nocookie\.com\/embed\//);
      await playerRequest;
      expect(tab.cspViolations).toEqual([]);

      await visit(tab, "/katalog", "Our Collection");
      await page.locator(`img[src="${OUTSIDE_IMAGE}"]`).first().waitFor();
      expect(
        await page
          .locator(`img[src="${OUTSIDE_IMAGE}"]`)
          .first()
          .evaluate((img: HTMLImageElement) => img.naturalWidth),
      ).toBe(64);
      await visit(tab, `/produk/${product.productId}`, product.name);
      await visit(tab, "/blog", "Blog & Tips");
      await visit(tab, `/blog/${post.postId}`, post.title);
      await visit(tab, "/login", "Welcome back");
      await visit(tab, "/signup", "Create an account");
      await visit(tab, "/forgot-password", "Forgot password");
      await visit(tab, "/reset-password/not-a-real-token", "Reset password");
      // A path the web app does not know is its 404 page, with status 404 (contract §7.6).
      tab.expectFailure({ status: 404, path: "/no-such-page" });
      await visit(tab, "/no-such-page", "Page Not Found");
    });
  });

  it("blocks nothing on a customer's cart, checkout, orders and profile", async () => {
    const customer: Customer = await newCustomer(suite.baseUrl, `csp${viewport.width}`);
    await placeOrder(customer, product);
    await customer.api.request("POST", `/cart/user/${customer.userId}/items`, {
      productId: product.productId,
      quantity: 1,
      unitPrice: product.price,
      size: product.sizeOptions[0],
      color: product.colorOptions[0]?.split("::")[0],
      colorHex: product.colorOptions[0]?.split("::")[1] ?? "#c0392b",
    });
    await suite.journey(viewport, "csp-customer", async (tab) => {
      await serveOutsideImage(tab);
      await loginThroughApi(tab.page, customer.username, customer.password);
      await visit(tab, "/keranjang", "My Cart");
      await tab.page.locator(".cart-item").first().waitFor();
      await visit(tab, "/pemesanan", "Checkout");
      await visit(tab, "/pesanan", "My Orders");
      await visit(tab, "/profil", "My Profile");
    });
  });

  it("blocks nothing on the admin's dashboard, its Excel export, products with an image preview and settings", async () => {
    await suite.journey(viewport, "csp-admin", async (tab) => {
      const { page } = tab;
      await serveOutsideImage(tab);
      await loginAsAdmin(page);
      expect(tab.cspViolations).toEqual([]);
      await visit(tab, "/admin", "Admin Dashboard");
      // The workbook is built in the page and downloaded through a blob: link.
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("button", { name: "Export to Excel" }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^transaksi-.+\.xlsx$/);
      expect(await download.failure()).toBeNull();
      expect(tab.cspViolations).toEqual([]);

      await visit(tab, "/admin/products", "Manage Products");
      await page.getByRole("button", { name: "Add Product" }).click();
      const add = await dialog(page, "Add New Product");
      // A chosen file is previewed through a blob: URL.
      await add.getByLabel("Product Image").setInputFiles(fileInput("lily.png", await pngImage("#f4efe6")));
      const preview = add.getByRole("img", { name: "Product Image preview" });
      await preview.waitFor();
      expect(await preview.getAttribute("src")).toMatch(/^blob:/);
      await page.waitForFunction(() =>
        Array.from(document.querySelectorAll<HTMLImageElement>("img[src^='blob:']")).every((img) => img.complete),
      );
      expect(tab.cspViolations).toEqual([]);

      await visit(tab, "/admin/settings", "Settings");
    });
  });
});

describe("the Content-Security-Policy check itself", () => {
  it("an inline script is refused by the browser and reported as a violation", async () => {
    const tab = await suite.openPage(VIEWPORTS[1]);
    try {
      await tab.page.goto("/");
      await tab.page.getByRole("heading", { name: "Sharing Happiness and Capturing the Moment" }).waitFor();
      const ran = await tab.page.evaluate(() => {
        const script = document.createElement("script");
        script.textContent = "window.inlineScriptRan = true;";
        document.head.append(script);
        return (window as unknown as { inlineScriptRan?: boolean }).inlineScriptRan === true;
      });
      expect(ran).toBe(false);
      await expect.poll(() => tab.cspViolations.length).toBeGreaterThan(0);
      expect(tab.cspViolations[0]).toMatch(/^script-src-elem blocked inline /);
      expect(tab.problems.some((p) => p.includes("Content Security Policy"))).toBe(true);
    } finally {
      await tab.close();
    }
  });
});
