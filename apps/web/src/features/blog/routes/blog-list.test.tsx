import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fakeApi } from "../../../../test/fake-api";
import { inIndonesian, loggedOut, renderScreen, shownText } from "../../../../test/render-app";
import BlogListPage from "./blog-list";

const post = {
  postId: 4,
  title: "Merawat Mawar Agar Tahan Lama",
  excerpt: "Potong batangnya miring dan ganti airnya tiap dua hari.",
  imageUrl: null,
  publishedAt: "2026-08-20T03:00:00.000Z",
  category: "Perawatan",
};

function openBlog() {
  fakeApi({ "GET /api/users/session": loggedOut, "GET /api/posts": { body: [post] } });
  renderScreen(<BlogListPage />, { path: "/blog" });
}

describe("the blog list", () => {
  it("shows each post's card with its date in the en-GB format and a link to read it", async () => {
    openBlog();
    expect(screen.getByRole("heading", { name: "Blog & Tips" })).toBeTruthy();
    const card = (await screen.findByRole("link", { name: post.title })).closest("article");
    if (!card) throw new Error("the post has no card");
    expect(shownText(within(card).getByText("20 Aug 2026"))).toBe("20 Aug 2026");
    expect(within(card).getByText(/Read article/)).toBeTruthy();
  });
});

describe("the blog list, in Indonesian", () => {
  inIndonesian();

  it("introduces the blog in Indonesian and dates the posts the Indonesian way; the post stays as written", async () => {
    openBlog();
    expect(screen.getByText("Panduan perawatan, ide pernikahan, dan cerita di balik bunga-bunga kami.")).toBeTruthy();
    const card = (await screen.findByRole("link", { name: post.title })).closest("article");
    if (!card) throw new Error("the post has no card");
    expect(within(card).getByText("20 Agu 2026")).toBeTruthy();
    expect(within(card).getByText(/Baca artikel/)).toBeTruthy();
    expect(within(card).getByText(post.excerpt)).toBeTruthy();
  });
});
