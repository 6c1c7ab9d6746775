import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, apiRequest, errorText, messageOf, resolveImageUrl } from "./api-client";

describe("the error text rule", () => {
  it("prefers the body's message, then its error field", () => {
    expect(errorText({ message: "Stok tidak mencukupi", error: "Conflict" }, "Conflict")).toBe("Stok tidak mencukupi");
    expect(errorText({ error: "Bad Request" }, "Bad Request")).toBe("Bad Request");
  });

  it("then the status text, then 'Request failed'", () => {
    expect(errorText(undefined, "Service Unavailable")).toBe("Service Unavailable");
    expect(errorText("<html>", "")).toBe("Request failed");
    expect(errorText({ message: "" }, undefined)).toBe("Request failed");
  });

  it("lets a screen fall back to its own text when the server said nothing", () => {
    expect(messageOf(new ApiError("Request failed", 500, undefined), "Gagal memuat katalog.")).toBe(
      "Gagal memuat katalog.",
    );
    expect(messageOf(new ApiError("x", 409, { message: "Out of stock" }), "fallback")).toBe("Out of stock");
    expect(messageOf(new TypeError("Failed to fetch"), "Failed to load cart.")).toBe("Failed to load cart.");
  });
});

describe("the API client", () => {
  afterEach(() => vi.unstubAllGlobals());

  function stubFetch(response: Response) {
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => response);
    vi.stubGlobal("fetch", fetchMock);
    return fetchMock;
  }

  it("sends JSON with the session cookie to /api", async () => {
    const fetchMock = stubFetch(new Response(JSON.stringify({ ok: true }), { status: 200 }));
    await expect(apiRequest("/cart/user/3/items", { method: "POST", body: { productId: 1 } })).resolves.toEqual({
      ok: true,
    });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe("/api/cart/user/3/items");
    expect(init?.credentials).toBe("include");
    expect((init?.headers as Record<string, string> | undefined)?.["Content-Type"]).toBe("application/json");
    expect(init?.body).toBe('{"productId":1}');
  });

  it("leaves the content type of form data to the browser", async () => {
    const fetchMock = stubFetch(new Response("{}", { status: 200 }));
    const form = new FormData();
    form.set("order_proof", "x");
    await apiRequest("/order/1/proof", { method: "PUT", body: form });
    const init = fetchMock.mock.calls[0]?.[1];
    expect((init?.headers as Record<string, string> | undefined)?.["Content-Type"]).toBeUndefined();
    expect(init?.body).toBe(form);
  });

  it("answers 204 with nothing", async () => {
    stubFetch(new Response(null, { status: 204 }));
    await expect(apiRequest("/cartitem/4", { method: "DELETE" })).resolves.toBeUndefined();
  });

  it("turns a failed answer into an ApiError carrying the status and body", async () => {
    stubFetch(new Response(JSON.stringify({ message: "Not logged in" }), { status: 401, statusText: "Unauthorized" }));
    const error = await apiRequest("/users/session").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect((error as ApiError).message).toBe("Not logged in");
  });

  it("adds only non-empty query values", async () => {
    const fetchMock = stubFetch(new Response("[]", { status: 200 }));
    await apiRequest("/order/admin/overview", { query: { page: 1, search: "", month: undefined } });
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/order/admin/overview?page=1");
  });
});

describe("image addresses", () => {
  it("keeps server paths and absolute addresses as they are", () => {
    expect(resolveImageUrl("/uploads/products/abc.webp")).toBe("/uploads/products/abc.webp");
    expect(resolveImageUrl("https://cdn.example.com/a.png")).toBe("https://cdn.example.com/a.png");
    expect(resolveImageUrl("data:image/png;base64,AAA")).toBe("data:image/png;base64,AAA");
  });

  it("resolves bare names against /uploads/", () => {
    expect(resolveImageUrl("proofs/p1.webp")).toBe("/uploads/proofs/p1.webp");
    expect(resolveImageUrl("uploads/products/a.webp")).toBe("/uploads/products/a.webp");
    expect(resolveImageUrl("./a.webp")).toBe("/uploads/a.webp");
  });

  it("has no address for an empty value", () => {
    expect(resolveImageUrl(null)).toBeNull();
    expect(resolveImageUrl("  ")).toBeNull();
  });
});
