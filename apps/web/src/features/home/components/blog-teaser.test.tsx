import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fakeApi } from "../../../../test/fake-api";
import { renderScreen } from "../../../../test/render-app";
import { BlogTeaser } from "./blog-teaser";

const post = (postId: number, title: string) => ({
  postId,
  title,
  excerpt: `${title}, in short.`,
  imageUrl: null,
  publishedAt: "2025-03-08T09:00:00.000Z",
  category: "Flower Care",
});

describe("the home page's blog teaser", () => {
  it("shows the first three posts of the server, each linking to the post it names", async () => {
    fakeApi({
      "GET /api/posts": {
        body: [
          post(4, "How to Keep Your Flowers Fresh Longer"),
          post(9, "What Flower Colours Mean"),
          post(2, "A"),
          post(5, "B"),
        ],
      },
    });
    renderScreen(<BlogTeaser />, { path: "/" });
    const first = await screen.findByRole("link", { name: "How to Keep Your Flowers Fresh Longer" });
    expect(first.getAttribute("href")).toBe("/blog/4");
    expect(screen.getByRole("link", { name: "What Flower Colours Mean" }).getAttribute("href")).toBe("/blog/9");
    expect(screen.getByRole("link", { name: "A" })).toBeTruthy();
    expect(screen.queryByRole("link", { name: "B" })).toBeNull();
    expect(screen.getByRole("link", { name: "See All Articles" }).getAttribute("href")).toBe("/blog");
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
