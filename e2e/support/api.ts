import type { Cart, OrderSummary, Product, User } from "@florist/contract";

/**
 * A small HTTP client for arranging what a journey needs (an admin finishing an order, a stock
 * change) without clicking through screens that other tests cover.
 */
export class ApiSession {
  private cookie = "";

  constructor(private readonly baseUrl: string) {}

  async request<T>(method: string, path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = { Origin: this.baseUrl };
    if (this.cookie) headers.Cookie = this.cookie;
    let payload: BodyInit | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers["Content-Type"] = "application/json";
      payload = JSON.stringify(body);
    }
    const response = await fetch(`${this.baseUrl}/api${path}`, { method, headers, body: payload });
    const setCookie = response.headers.getSetCookie();
    if (setCookie.length > 0) this.cookie = setCookie.map((c) => c.split(";")[0]).join("; ");
    const text = await response.text();
    const data = text ? JSON.parse(text) : undefined;
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
    return data as T;
  }

  async login(identifier: string, password: string): Promise<User> {
    return (await this.request<{ user: User }>("POST", "/users/login", { identifier, password })).user;
  }

  async register(username: string, email: string, password: string): Promise<User> {
    await this.request("POST", "/users/register", { username, email, password });
    return this.login(email, password);
  }

  product(id: number) {
    return this.request<Product>("GET", `/products/${id}`);
  }

  setStock(product: Product, stock: number) {
    return this.saveProduct(product, { stock });
  }

  /** The florist's new base price; sizes without a price of their own follow it. */
  setPrice(product: Product, price: number) {
    return this.saveProduct(product, { price });
  }

  /** The product as it is, with a new stock or base price, as the admin's product form saves it. */
  private saveProduct(product: Product, change: { stock?: number; price?: number }) {
    return this.request<Product>("PUT", `/products/${product.productId}`, {
      category_id: product.categoryId,
      name: product.name,
      description: product.description,
      price: change.price ?? product.price,
      stock_quantity: change.stock ?? product.stockQuantity,
      size_available: product.sizeOptions.join(","),
      color_available: product.colorOptions.join(","),
      availability_status: product.availabilityStatus,
      product_type: product.productType,
      image_url: product.imageUrl,
    });
  }

  ordersOf(userId: number) {
    return this.request<OrderSummary[]>("GET", `/order/user/${userId}`);
  }

  cartOf(userId: number) {
    return this.request<Cart>("GET", `/cart/user/${userId}/full`);
  }

  setStatus(orderId: number, status: string, paymentStatus?: string) {
    return this.request("PATCH", `/order/${orderId}/status`, paymentStatus ? { status, paymentStatus } : { status });
  }

  uploadProof(orderId: number, image: Buffer) {
    const form = new FormData();
    form.set("order_proof", new Blob([new Uint8Array(image)], { type: "image/png" }), "proof.png");
    return this.request<{ orderProof: string }>("PUT", `/order/${orderId}/proof`, form);
  }
}
