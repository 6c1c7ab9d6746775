import fs from "node:fs";
import path from "node:path";
import type { Post, PostDetail } from "@florist/contract";
import { afterEach, describe, expect, it } from "vitest";
import { imageFile, multipartForm, type UploadFile } from "../../../test/fixtures.js";
import { useShopAt } from "../../../test/harness.js";
import * as postEditor from "../../db/migrations/20261127100000_post_editor.js";
import { setClock } from "../../lib/time.js";

const NOW = "2026-06-10T03:00:00.000Z";
const world = useShopAt(NOW);
afterEach(() => setClock(() => Date.parse(NOW)));

const BODY = `Intro line.

## Water

Change it **daily**.

- Cut stems
- Remove leaves
`;

interface Form {
  title?: string;
  excerpt?: string;
  body?: string;
  image_alt?: string;
  published_at?: string;
  status?: string;
  featured?: string;
}

let counter = 0;
const form = (overrides: Form = {}): Form => {
  counter += 1;
  return { title: `Tips ${counter}`, excerpt: "Short and sweet.", body: BODY, ...overrides };
};

function send(method: "POST" | "PUT", url: string, fields: Form, image?: UploadFile, cookie = world.admin.cookie) {
  const multipart = multipartForm(fields as Record<string, string>, image ? { image } : {});
  return world.shop.app.inject({ method, url, payload: multipart.payload, headers: { ...multipart.headers, cookie } });
}

async function create(fields: Form = form(), image?: UploadFile): Promise<PostDetail> {
  const res = await send("POST", "/api/posts", fields, image);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const visitorList = async (): Promise<Post[]> => (await world.call("GET", "/api/posts")).json();
const adminList = async (): Promise<Post[]> => (await world.call("GET", "/api/posts", world.admin.cookie)).json();
const fileOf = (url: string) => path.join(world.shop.ctx.config.dataDir, url);

async function auditOf(postId: number) {
  const rows = await world.shop.ctx.db
    .selectFrom("audit_log")
    .select(["action", "username", "details"])
    .where("target", "=", `post:${postId}`)
    .orderBy("audit_id")
    .execute();
  return rows.map((row) => ({ ...row, details: JSON.parse(row.details) }));
}

async function unfeatureAll() {
  await world.shop.ctx.db.updateTable("posts").set({ featured: 0 }).execute();
}

describe("writing a post", () => {
  it("publishes a post with its Markdown body, derived sections, cover and alt text, and records it", async () => {
    const cover = await imageFile();
    const post = await create(form({ title: "  Caring for roses ", image_alt: "Red roses in a vase" }), cover);
    expect(post).toMatchObject({
      title: "Caring for roses",
      excerpt: "Short and sweet.",
      body: BODY,
      imageAlt: "Red roses in a vase",
      status: "published",
      featured: false,
      live: true,
      publishedAt: NOW,
      sections: [
        { heading: "", paragraphs: ["Intro line."] },
        { heading: "Water", paragraphs: ["Change it daily."], bullets: ["Cut stems", "Remove leaves"] },
      ],
    });
    expect(post.imageUrl).toMatch(/^\/uploads\/products\/[a-f0-9]{32}\.webp$/);
    expect(fs.existsSync(fileOf(post.imageUrl as string))).toBe(true);

    const shown = await world.call("GET", `/api/posts/${post.postId}`);
    expect(shown.json()).toEqual(post);
    expect((await visitorList()).find((p) => p.postId === post.postId)).toEqual({
      postId: post.postId,
      title: "Caring for roses",
      excerpt: "Short and sweet.",
      imageUrl: post.imageUrl,
      imageAlt: "Red roses in a vase",
      publishedAt: NOW,
      author: "Tim Florist",
      category: "",
      status: "published",
      featured: false,
      live: true,
    });
    const [entry] = await auditOf(post.postId);
    expect(entry).toMatchObject({
      action: "post.create",
      username: world.admin.user.username,
      details: { before: null, after: { title: "Caring for roses", status: "published", body: BODY } },
    });
  });

  it("takes a JSON body too, and a date alone as the shop's midnight", async () => {
    const res = await world.call("POST", "/api/posts", world.admin.cookie, {
      ...form(),
      published_at: "2026-06-01",
      featured: false,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().publishedAt).toBe("2026-05-31T17:00:00.000Z");
  });

  it("reads a date and time without an offset as the shop's time (WIB)", async () => {
    const post = await create(form({ published_at: "2026-06-01T09:30" }));
    expect(post.publishedAt).toBe("2026-06-01T02:30:00.000Z");
  });
});

describe("drafts and scheduled posts", () => {
  it("keeps a draft from visitors, in the list and by its address, while admins see it with its status", async () => {
    const draft = await create(form({ status: "draft" }));
    expect(draft).toMatchObject({ status: "draft", live: false });
    expect((await visitorList()).map((p) => p.postId)).not.toContain(draft.postId);
    expect((await world.call("GET", `/api/posts/${draft.postId}`)).statusCode).toBe(404);
    expect((await world.call("GET", `/api/posts/${draft.postId}`, world.customer.cookie)).statusCode).toBe(404);
    expect((await adminList()).find((p) => p.postId === draft.postId)).toMatchObject({ status: "draft", live: false });
    expect((await world.call("GET", `/api/posts/${draft.postId}`, world.admin.cookie)).statusCode).toBe(200);
  });

  it("shows a scheduled post once the shop's clock passes its date", async () => {
    const scheduled = await create(form({ published_at: "2026-06-12T08:00:00+07:00" }));
    expect(scheduled).toMatchObject({ status: "published", live: false, publishedAt: "2026-06-12T01:00:00.000Z" });
    expect((await visitorList()).map((p) => p.postId)).not.toContain(scheduled.postId);
    expect((await world.call("GET", `/api/posts/${scheduled.postId}`)).statusCode).toBe(404);

    setClock(() => Date.parse("2026-06-12T00:59:59.000Z"));
    expect((await visitorList()).map((p) => p.postId)).not.toContain(scheduled.postId);
    setClock(() => Date.parse("2026-06-12T01:00:00.000Z"));
    expect((await visitorList())[0]).toMatchObject({ postId: scheduled.postId, live: true });
    expect((await world.call("GET", `/api/posts/${scheduled.postId}`)).statusCode).toBe(200);
  });
});

describe("featured posts", () => {
  it("features at most three posts: a fourth is a 409 that says why, and unfeaturing one makes room", async () => {
    await unfeatureAll();
    const featured = [];
    for (let i = 0; i < 3; i++) featured.push(await create(form({ featured: "true" })));
    const fourth = await send("POST", "/api/posts", form({ featured: "true" }));
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json().message).toBe(
      "At most three posts can be featured on the home page. Unfeature another post first.",
    );

    const plain = await create(form());
    const promoted = await send("PUT", `/api/posts/${plain.postId}`, form({ featured: "on" }));
    expect(promoted.statusCode).toBe(409);

    // A featured post saved again stays featured: it does not count against itself.
    const first = featured[0] as PostDetail;
    const kept = await send("PUT", `/api/posts/${first.postId}`, form({ title: first.title, featured: "true" }));
    expect(kept.statusCode, kept.body).toBe(200);

    const dropped = await send("PUT", `/api/posts/${first.postId}`, form({ featured: "false" }));
    expect(dropped.json().featured).toBe(false);
    const now = await send("PUT", `/api/posts/${plain.postId}`, form({ featured: "true" }));
    expect(now.statusCode, now.body).toBe(200);
    expect((await visitorList()).filter((p) => p.featured)).toHaveLength(3);
  });
});

describe("changing and deleting a post", () => {
  it("replaces the fields, keeps cover and date when none is sent, and records before and after", async () => {
    const post = await create(form({ image_alt: "Tulips", published_at: "2026-06-01T10:00" }), await imageFile());
    const res = await send("PUT", `/api/posts/${post.postId}`, {
      title: "Renamed",
      excerpt: "New excerpt.",
      body: "## Only\n\nOne line.",
      image_alt: "Pink tulips",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      postId: post.postId,
      title: "Renamed",
      imageUrl: post.imageUrl,
      imageAlt: "Pink tulips",
      publishedAt: post.publishedAt,
      sections: [{ heading: "Only", paragraphs: ["One line."] }],
    });
    const [, update] = await auditOf(post.postId);
    expect(update).toMatchObject({
      action: "post.update",
      details: {
        before: { title: post.title, image_alt: "Tulips", body: BODY },
        after: { title: "Renamed", image_alt: "Pink tulips", body: "## Only\n\nOne line." },
      },
    });
  });

  it("replaces the cover with a new upload and removes the old file", async () => {
    const post = await create(form({ image_alt: "Roses" }), await imageFile());
    const res = await send("PUT", `/api/posts/${post.postId}`, form({ image_alt: "Lilies" }), await imageFile());
    expect(res.statusCode, res.body).toBe(200);
    const updated: PostDetail = res.json();
    expect(updated.imageUrl).not.toBe(post.imageUrl);
    expect(fs.existsSync(fileOf(updated.imageUrl as string))).toBe(true);
    expect(fs.existsSync(fileOf(post.imageUrl as string))).toBe(false);
  });

  it("deletes a post with its cover and records what it held; a second delete is a 404", async () => {
    const post = await create(form({ image_alt: "Roses" }), await imageFile());
    const res = await world.call("DELETE", `/api/posts/${post.postId}`, world.admin.cookie);
    expect(res.statusCode).toBe(204);
    expect((await world.call("GET", `/api/posts/${post.postId}`, world.admin.cookie)).statusCode).toBe(404);
    expect(fs.existsSync(fileOf(post.imageUrl as string))).toBe(false);
    expect((await auditOf(post.postId)).at(-1)).toMatchObject({
      action: "post.delete",
      details: { before: { title: post.title, body: BODY }, after: null },
    });
    expect((await world.call("DELETE", `/api/posts/${post.postId}`, world.admin.cookie)).statusCode).toBe(404);
  });
});

describe("refused input", () => {
  it.each([
    [{ title: " " }, "Title is required."],
    [{ excerpt: undefined }, "Excerpt is required."],
    [{ body: "   " }, "Body is required."],
    [{ title: "x".repeat(161) }, "Title is at most 160 characters."],
    [{ status: "live" }, 'status must be "draft" or "published".'],
    [{ featured: "maybe" }, "featured must be true or false."],
    [{ published_at: "next week" }, "published_at must be a date (2026-12-01) or a date and time (2026-12-01T09:00)."],
    [{ published_at: "2026-02-30" }, "published_at must be a date (2026-12-01) or a date and time (2026-12-01T09:00)."],
  ])("answers 400 naming the field for %o", async (overrides, message) => {
    const fields = { ...form(), ...overrides };
    for (const key of Object.keys(fields) as (keyof Form)[]) if (fields[key] === undefined) delete fields[key];
    const res = await send("POST", "/api/posts", fields);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
  });

  it("asks for alt text with a new cover, and refuses a file that is no image", async () => {
    const noAlt = await send("POST", "/api/posts", form(), await imageFile());
    expect(noAlt.statusCode).toBe(400);
    expect(noAlt.json().message).toMatch(/^image_alt: /);
    const text = { data: Buffer.from("<svg onload=alert(1)>"), filename: "cover.png", contentType: "image/png" };
    const notImage = await send("POST", "/api/posts", form({ image_alt: "A cover" }), text);
    expect(notImage.statusCode).toBe(415);
  });

  it("answers 404 for a post that does not exist", async () => {
    expect((await send("PUT", "/api/posts/999999", form())).statusCode).toBe(404);
    expect((await world.call("DELETE", "/api/posts/999999", world.admin.cookie)).statusCode).toBe(404);
  });
});

describe("the migration to Markdown bodies", () => {
  it("writes the sections of the posts already there as a Markdown body that reads back as the same sections", async () => {
    const sections = [
      { heading: "Start with the season", paragraphs: ["Bandung's mornings are cool.", "Roses stay crisp."] },
      { heading: "Tips", paragraphs: ["Plan ahead."], bullets: ["Order early.", "Keep it cool."] },
    ];
    const markdown = postEditor.markdownOf(JSON.stringify(sections));
    expect(markdown).toBe(
      "## Start with the season\n\nBandung's mornings are cool.\n\nRoses stay crisp.\n\n" +
        "## Tips\n\nPlan ahead.\n\n- Order early.\n- Keep it cool.",
    );
    const res = await world.call("POST", "/api/posts", world.admin.cookie, { ...form(), body: markdown });
    expect(res.json().sections).toEqual(sections);
  });

  // Last in the file: it takes the columns away and brings them back.
  it("gives the posts already there their body, and features the three articles the home page named", async () => {
    const db = world.shop.ctx.db;
    await postEditor.down(db);
    const sections = [
      { heading: "A language older than words", paragraphs: ["Each colour."], bullets: ["Red: love."] },
    ];
    const { post_id } = await db
      .insertInto("posts")
      .values({
        title: "What Flower Colours Mean",
        excerpt: "Red for love.",
        image_url: null,
        author: "Tim Florist",
        category: "Inspiration",
        sections: JSON.stringify(sections),
        published_at: "2025-05-20T09:00:00.000Z",
      })
      .returning("post_id")
      .executeTakeFirstOrThrow();
    await postEditor.up(db);
    const res = await world.call("GET", `/api/posts/${post_id}`);
    expect(res.json()).toMatchObject({
      body: "## A language older than words\n\nEach colour.\n\n- Red: love.",
      sections,
      status: "published",
      featured: true,
      imageAlt: "",
    });
  });
});
