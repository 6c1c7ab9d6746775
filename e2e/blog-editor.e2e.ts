import type { PostDetail } from "@florist/contract";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { adminApi, fileInput, loginAsAdmin, pngImage } from "./admin-helpers";
import { screenshot, VIEWPORTS } from "./support/browser";
import { shopSuite } from "./support/suite";
import { assertNoProblems, clickNav, dialog, waitForPath } from "./support/ui";

const JOURNEY = "blog-editor";
const SCRIPT = "<script>window.__pwned=1</script>";
const IMG = '<img src=x onerror="window.__pwned=1">';
const FEATURED_REFUSED = "At most three posts can be featured on the home page. Unfeature another post first.";

const suite = shopSuite();

const body = (width: number) => `## Peonies at ${width} px

Peonies open slowly: give them **cool water** and a day.

- Cut the stems at an angle
- Change the water daily

${SCRIPT}

A picture that must not run: ${IMG}
`;

/** The post rows of the admin's list. */
const rows = (page: Page) => page.getByRole("region", { name: "Posts" }).getByRole("listitem");

/** Opens a post in the editor, sets its featured box, saves, and waits for the notice. */
async function saveFeatured(page: Page, title: string, featured: boolean) {
  await page.getByRole("button", { name: `Edit ${title}`, exact: true }).click();
  const box = page.getByLabel("Feature on the home page (at most three posts)");
  await page.getByLabel("Title").waitFor();
  await box.setChecked(featured);
  await page.getByRole("button", { name: "Save changes" }).click();
  await page.getByText(`"${title}" was saved.`).waitFor();
}

describe.each(VIEWPORTS)("the blog editor at $width px", (viewport) => {
  it("an admin writes, publishes and features a post; a visitor reads it safely and never sees a draft", async () => {
    const title = `Caring for peonies at ${viewport.width} px`;
    const admin = await adminApi(suite.baseUrl);
    const draft = await admin.request<PostDetail>("POST", "/posts", {
      title: `A draft about tulips at ${viewport.width} px`,
      excerpt: "Not ready yet.",
      body: "## Soon",
      status: "draft",
    });

    await suite.journey(viewport, JOURNEY, async (tab) => {
      const { page } = tab;
      await loginAsAdmin(page);
      await clickNav(page, "Blog posts");
      await waitForPath(page, "/admin/posts");
      await rows(page).first().waitFor();
      await screenshot(tab, JOURNEY, "01-list");

      await page.getByRole("button", { name: "New post" }).click();
      await page.getByLabel("Title").fill(title);
      await page.getByLabel("Excerpt").fill("How to keep peonies opening for a week.");
      await page.getByLabel("Cover image").setInputFiles(fileInput("peonies.png", await pngImage("#e8a0b4", 640)));
      await page.getByLabel("Cover description (alt text)").fill("Pink peonies in a glass vase");
      await page.getByLabel("Body (Markdown)").fill(body(viewport.width));
      const preview = page.getByRole("region", { name: "Preview" });
      await preview.getByRole("heading", { name: `Peonies at ${viewport.width} px` }).waitFor();
      expect(await preview.getByRole("listitem").allTextContents()).toEqual([
        "Cut the stems at an angle",
        "Change the water daily",
      ]);
      await preview.getByText(SCRIPT).waitFor();

      // Three posts are featured already: the fourth is refused, and the form says why.
      await page.getByLabel("Feature on the home page (at most three posts)").check();
      tab.expectFailure({ status: 409, path: "/api/posts" });
      await page.getByRole("button", { name: "Save post" }).click();
      await page.getByRole("alert").filter({ hasText: FEATURED_REFUSED }).waitFor();
      await screenshot(tab, JOURNEY, "02-editor-refused");

      // Saved without the star, then an older post gives up its place and the new one takes it.
      await page.getByLabel("Feature on the home page (at most three posts)").uncheck();
      await page.getByRole("button", { name: "Save post" }).click();
      await page.getByText(`"${title}" was saved.`).waitFor();
      const featuredRows = rows(page).filter({ has: page.getByRole("img", { name: "Featured" }) });
      const oldest = (await featuredRows.last().getAttribute("aria-label")) as string;
      await saveFeatured(page, oldest, false);
      await saveFeatured(page, title, true);
      const mine = rows(page).filter({ hasText: title });
      await mine.getByRole("img", { name: "Featured" }).waitFor();
      expect(await mine.textContent()).toContain("Published");
      expect(await rows(page).filter({ hasText: draft.title }).textContent()).toContain("Draft");
      await screenshot(tab, JOURNEY, "03-list-featured");

      // Deleting asks first; cancelling keeps the post.
      await page.getByRole("button", { name: `Delete ${draft.title}` }).click();
      const confirm = await dialog(page, `Delete "${draft.title}"`);
      await confirm.getByRole("button", { name: "Cancel" }).click();
      await rows(page).filter({ hasText: draft.title }).waitFor();
    });

    const visitor = await suite.openPage(viewport);
    try {
      const { page } = visitor;
      await page.goto("/");
      const teaser = page.locator(".blog-teaser");
      const card = teaser.getByRole("article").filter({ hasText: title });
      await card.getByText("How to keep peonies opening for a week.").waitFor();
      expect(await card.locator("img").getAttribute("src")).toMatch(/^\/uploads\/products\/[a-f0-9]{32}\.webp$/);
      expect(await teaser.getByRole("article").count()).toBe(3);
      expect(await teaser.textContent()).not.toContain(draft.title);
      await teaser.scrollIntoViewIfNeeded();
      await screenshot(visitor, JOURNEY, "04-home-blog-teaser");

      await card.getByRole("link", { name: title }).click();
      await waitForPath(page, /^\/blog\/\d+$/);
      const article = page.locator("article.article");
      await article.getByRole("heading", { name: `Peonies at ${viewport.width} px`, level: 2 }).waitFor();
      expect(await article.locator(".article-body li").allTextContents()).toEqual([
        "Cut the stems at an angle",
        "Change the water daily",
      ]);
      expect(await article.locator(".article-body strong").textContent()).toBe("cool water");
      await article.getByText(SCRIPT).waitFor();
      await article.getByText(`A picture that must not run: ${IMG}`).waitFor();
      expect(await article.locator(".article-body script, .article-body img").count()).toBe(0);
      expect(await article.getByRole("img", { name: "Pink peonies in a glass vase" }).count()).toBe(1);
      expect(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined();
      await screenshot(visitor, JOURNEY, "05-article");

      await page.goto("/blog");
      await page.getByRole("link", { name: title }).waitFor();
      expect(await page.locator(".post-grid").textContent()).not.toContain(draft.title);
      // A draft is no page: its address answers 404 and the not-found page (contract §7.6).
      visitor.expectFailure({ status: 404, path: `/api/posts/${draft.postId}` });
      visitor.expectFailure({ status: 404, path: `/blog/${draft.postId}` });
      await page.goto(`/blog/${draft.postId}`);
      await page.getByRole("heading", { name: "Article Not Found" }).waitFor();
      expect(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined();
    } finally {
      await visitor.close();
    }
    assertNoProblems(visitor);
  });
});
