import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fakeApi } from "../../../../test/fake-api";
import { renderScreen } from "../../../../test/render-app";
import { BlogTeaser } from "./blog-teaser";

const post = (postId: number, title: string, extra: { featured?: boolean; live?: boolean } = {}) => ({
  postId,
  title,
  excerpt: `${title}, in short.`,
  imageUrl: `/uploads/products/${"a".repeat(31)}${postId}.webp`,
  imageAlt: "",
  publishedAt: "2025-03-08T09:00:00.000Z",
  category: "Flower Care",
  status: "published",
  featured: extra.featured ?? false,
  live: extra.live ?? true,
});

describe("the home page's blog teaser", () => {
  it("shows the featured posts, each with its own title, excerpt and cover, linking to the post it names", async () => {
    fakeApi({
      "GET /api/posts": {
        body: [
          post(7, "Newest, not featured"),
          post(4, "How to Keep Your Flowers Fresh Longer", { featured: true }),
          post(9, "What Flower Colours Mean", { featured: true }),
          post(2, "A featured draft", { featured: true, live: false }),
        ],
      },
    });
    renderScreen(<BlogTeaser />, { path: "/" });
    const first = await screen.findByRole("link", { name: "How to Keep Your Flowers Fresh Longer" });
    expect(first.getAttribute("href")).toBe("/blog/4");
    const card = first.closest("article") as HTMLElement;
    expect(within(card).getByText("How to Keep Your Flowers Fresh Longer, in short.")).toBeTruthy();
    expect(card.querySelector("img")?.getAttribute("src")).toBe(`/uploads/products/${"a".repeat(31)}4.webp`);
    expect(screen.getByRole("link", { name: "What Flower Colours Mean" }).getAttribute("href")).toBe("/blog/9");
    expect(screen.queryByRole("link", { name: "Newest, not featured" })).toBeNull();
    expect(screen.queryByRole("link", { name: "A featured draft" })).toBeNull();
    expect(screen.getAllByRole("article")).toHaveLength(2);
    expect(screen.getByRole("link", { name: "See All Articles" }).getAttribute("href")).toBe("/blog");
  });

  it("shows the three newest posts a visitor can read when none is featured", async () => {
    fakeApi({
      "GET /api/posts": {
        body: [post(8, "Draft", { live: false }), post(5, "E"), post(4, "D"), post(3, "C"), post(2, "B")],
      },
    });
    renderScreen(<BlogTeaser />, { path: "/" });
    await screen.findByRole("link", { name: "E" });
    expect(screen.getAllByRole("article").map((a) => within(a).getByRole("link").textContent)).toEqual(["E", "D", "C"]);
  });

  it("shows no made-up articles when the server has none", async () => {
    const api = fakeApi({ "GET /api/posts": { body: [] } });
    renderScreen(<BlogTeaser />, { path: "/" });
    await screen.findByRole("link", { name: "See All Articles" });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(api.callsTo("GET /api/posts")).toHaveLength(1);
    expect(screen.queryAllByRole("article")).toHaveLength(0);
  });
});
