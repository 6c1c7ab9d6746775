import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../../test/harness.js";

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
  await shop.ctx.db
    .insertInto("posts")
    .values([
      {
        title: "Older tips",
        excerpt: "From March.",
        image_url: "/uploads/products/older.webp",
        author: "Tim Florist",
        category: "Care",
        sections: JSON.stringify([{ heading: "Water", paragraphs: ["Daily."], bullets: ["Cut stems"] }]),
        published_at: "2025-03-01T00:00:00.000Z",
      },
      {
        title: "Newer tips",
        excerpt: "From May.",
        image_url: null,
        author: "Tim Florist",
        category: "Wedding",
        sections: "[]",
        published_at: "2025-05-01T00:00:00.000Z",
      },
    ])
    .execute();
});
afterAll(() => shop.close());

describe("blog posts", () => {
  it("lists posts newest first without their sections", async () => {
    const res = await shop.app.inject({ method: "GET", url: "/api/posts" });
    expect(res.statusCode).toBe(200);
    const posts = res.json();
    expect(posts.map((p: { title: string }) => p.title)).toEqual(["Newer tips", "Older tips"]);
    expect(posts[1]).toEqual({
      postId: expect.any(Number),
      title: "Older tips",
      excerpt: "From March.",
      imageUrl: "/uploads/products/older.webp",
      publishedAt: "2025-03-01T00:00:00.000Z",
      author: "Tim Florist",
      category: "Care",
    });
    expect(posts[1].sections).toBeUndefined();
  });

  it("shows one post with its sections, and 404 for an unknown or malformed id", async () => {
    const [, older] = (await shop.app.inject({ method: "GET", url: "/api/posts" })).json();
    const res = await shop.app.inject({ method: "GET", url: `/api/posts/${older.postId}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().sections).toEqual([{ heading: "Water", paragraphs: ["Daily."], bullets: ["Cut stems"] }]);
    expect((await shop.app.inject({ method: "GET", url: "/api/posts/9999" })).statusCode).toBe(404);
    expect((await shop.app.inject({ method: "GET", url: "/api/posts/abc" })).statusCode).toBe(400);
  });
});
