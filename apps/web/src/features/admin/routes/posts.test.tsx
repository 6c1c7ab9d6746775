import type { PostDetail } from "@florist/contract";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { adminSession, renderAdmin } from "../../../../test/admin-render";
import { fakeApi } from "../../../../test/fake-api";
import { shownText } from "../../../../test/render-app";
import AdminPostsPage from "./posts";

const post = (postId: number, title: string, extra: Partial<PostDetail> = {}): PostDetail => ({
  postId,
  title,
  excerpt: `${title}, in short.`,
  imageUrl: null,
  imageAlt: "",
  publishedAt: "2026-03-08T02:00:00.000Z",
  author: "Tim Florist",
  category: "",
  status: "published",
  featured: false,
  live: true,
  body: "## Water\n\nDaily.",
  sections: [],
  ...extra,
});

const SCRIPT = "<script>window.__pwned=1</script>";

/** A blog whose list follows what the screen saves and deletes; a fourth featured post is refused. */
function postsApi(start: PostDetail[]) {
  let list = [...start];
  const read = (form: FormData) => ({
    title: String(form.get("title")),
    excerpt: String(form.get("excerpt")),
    body: String(form.get("body")),
    status: String(form.get("status")) as PostDetail["status"],
    featured: form.get("featured") === "true",
  });
  const tooMany = (featured: boolean, exceptId: number) =>
    featured && list.filter((p) => p.featured && p.postId !== exceptId).length >= 3;
  const refusal = {
    status: 409,
    body: { message: "At most three posts can be featured on the home page. Unfeature another post first." },
  };
  const routes: Parameters<typeof fakeApi>[0] = {
    "GET /api/users/session": adminSession,
    "GET /api/posts": () => ({ body: list }),
    "POST /api/posts": ({ body }) => {
      const fields = read(body as FormData);
      if (tooMany(fields.featured, 0)) return refusal;
      const created = post(50, fields.title, { ...fields, live: fields.status === "published" });
      list = [created, ...list];
      return { status: 201, body: created };
    },
  };
  for (const one of start) {
    routes[`GET /api/posts/${one.postId}`] = () => ({ body: list.find((p) => p.postId === one.postId) });
    routes[`PUT /api/posts/${one.postId}`] = ({ body }) => {
      const fields = read(body as FormData);
      if (tooMany(fields.featured, one.postId)) return refusal;
      const updated = { ...one, ...fields };
      list = list.map((p) => (p.postId === one.postId ? updated : p));
      return { body: updated };
    };
    routes[`DELETE /api/posts/${one.postId}`] = () => {
      list = list.filter((p) => p.postId !== one.postId);
      return { status: 204 };
    };
  }
  return fakeApi(routes);
}

const rows = async () => within(await screen.findByRole("region", { name: "Posts" })).findAllByRole("listitem");

describe("the blog posts screen", () => {
  it("lists every post with where it stands, its date in WIB and a star when featured", async () => {
    postsApi([
      post(3, "Scheduled tips", { live: false }),
      post(2, "Draft tips", { status: "draft", live: false }),
      post(1, "Wedding flowers", { featured: true }),
    ]);
    renderAdmin(<AdminPostsPage />);
    const [scheduled, draft, published] = await rows();
    expect(shownText(scheduled)).toContain("Scheduled tips");
    expect(shownText(scheduled)).toContain("Scheduled");
    expect(shownText(scheduled)).toContain("8 Maret 2026");
    expect(shownText(scheduled)).toContain("09.00 WIB");
    expect(shownText(draft)).toContain("Draft");
    expect(within(published as HTMLElement).getByRole("img", { name: "Featured" })).toBeTruthy();
    expect(within(draft as HTMLElement).queryByRole("img", { name: "Featured" })).toBeNull();
  });

  it("writes a post whose preview renders the Markdown and shows written HTML as text, then saves it", async () => {
    const api = postsApi([post(1, "Wedding flowers")]);
    const user = userEvent.setup();
    renderAdmin(<AdminPostsPage />);
    await user.click(await screen.findByRole("button", { name: "New post" }));
    await user.type(screen.getByLabelText("Title"), "Roses in June");
    await user.type(screen.getByLabelText("Excerpt"), "What to water.");
    const body = screen.getByLabelText("Body (Markdown)");
    await user.click(body);
    await user.paste(`## Watering\n\n- Daily\n- Cool water\n\n${SCRIPT}`);

    const preview = screen.getByRole("region", { name: "Preview" });
    // Headings are checked in Chromium (e2e/blog-editor.e2e.ts): happy-dom's elements trip DOMPurify's heading check.
    expect(within(preview).getByText("Watering")).toBeTruthy();
    expect(
      within(preview)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["Daily", "Cool water"]);
    expect(within(preview).getByText(SCRIPT)).toBeTruthy();
    expect(preview.querySelector("script")).toBeNull();

    await user.click(screen.getByLabelText("Draft"));
    await user.click(screen.getByRole("button", { name: "Save post" }));
    await screen.findByText('"Roses in June" was saved.');
    const [sent] = api.callsTo("POST /api/posts");
    const form = sent?.body as FormData;
    expect(form.get("body")).toBe(`## Watering\n\n- Daily\n- Cool water\n\n${SCRIPT}`);
    expect(form.get("status")).toBe("draft");
    expect(form.get("featured")).toBe("false");
    expect(shownText((await rows())[0])).toContain("Roses in June");
  });

  it("shows the server's refusal of a fourth featured post in the form and keeps what was typed", async () => {
    postsApi([
      post(4, "Plain"),
      post(3, "C", { featured: true }),
      post(2, "B", { featured: true }),
      post(1, "A", { featured: true }),
    ]);
    const user = userEvent.setup();
    renderAdmin(<AdminPostsPage />);
    await user.click(await screen.findByRole("button", { name: "Edit Plain" }));
    const title = await screen.findByLabelText("Title");
    expect((title as HTMLInputElement).value).toBe("Plain");
    expect((screen.getByLabelText("Body (Markdown)") as HTMLTextAreaElement).value).toBe("## Water\n\nDaily.");
    await user.click(screen.getByLabelText("Feature on the home page (at most three posts)"));
    await user.click(screen.getByRole("button", { name: "Save changes" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "At most three posts can be featured on the home page. Unfeature another post first.",
    );
    expect(screen.getByLabelText("Feature on the home page (at most three posts)")).toHaveProperty("checked", true);
  });

  it("deletes a post only after the admin confirms", async () => {
    const api = postsApi([post(2, "Old news"), post(1, "Keep me")]);
    const user = userEvent.setup();
    renderAdmin(<AdminPostsPage />);
    await user.click(await screen.findByRole("button", { name: "Delete Old news" }));
    const dialog = await screen.findByRole("alertdialog", { name: 'Delete "Old news"' });
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(api.callsTo("DELETE /api/posts/2")).toHaveLength(0);
    await user.click(screen.getByRole("button", { name: "Delete Old news" }));
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Delete" }));
    await screen.findByText('"Old news" was deleted.');
    await waitFor(async () => expect((await rows()).map(shownText)).toEqual([expect.stringContaining("Keep me")]));
  });
});
