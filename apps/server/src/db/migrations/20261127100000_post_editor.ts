import { type Kysely, sql } from "kysely";

// Frozen: this migration must keep producing the same schema, so it imports nothing from the app.

/** The three articles the home page's Blog & Tips has always named: they start out featured. */
const HOME_PAGE_ARTICLES = [
  "Choosing Wedding Flowers That Last All Day",
  "How to Keep Your Flowers Fresh Longer",
  "What Flower Colours Mean",
];

interface Section {
  heading?: string;
  paragraphs?: string[];
  bullets?: string[];
}

/** A post's sections written as the Markdown body they become: a heading, its paragraphs, its list. */
export function markdownOf(sectionsJson: string): string {
  let sections: Section[];
  try {
    sections = JSON.parse(sectionsJson) as Section[];
  } catch {
    return "";
  }
  if (!Array.isArray(sections)) return "";
  return sections
    .map((section) =>
      [
        section.heading ? `## ${section.heading}` : "",
        ...(section.paragraphs ?? []),
        (section.bullets ?? []).map((bullet) => `- ${bullet}`).join("\n"),
      ]
        .filter((block) => block.length > 0)
        .join("\n\n"),
    )
    .filter((block) => block.length > 0)
    .join("\n\n");
}

/**
 * The blog editor (contract §7.4): a post is written in Markdown (`body`, from which `sections`
 * are derived from now on), may be a draft, may be featured on the home page, and its cover has
 * alt text. The posts already there get their sections as a Markdown body, so nothing is lost.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("posts")
    .addColumn("body", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema
    .alterTable("posts")
    .addColumn("status", "text", (c) => c.notNull().defaultTo("published").check(sql`status in ('draft', 'published')`))
    .execute();
  await db.schema
    .alterTable("posts")
    .addColumn("featured", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable("posts")
    .addColumn("image_alt", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema.alterTable("posts").addColumn("updated_at", "text").execute();

  const posts = await db.selectFrom("posts").select(["post_id", "sections"]).execute();
  for (const post of posts) {
    await db
      .updateTable("posts")
      .set({ body: markdownOf(post.sections as string) })
      .where("post_id", "=", post.post_id)
      .execute();
  }
  const featured = await db
    .selectFrom("posts")
    .select("post_id")
    .where("title", "in", HOME_PAGE_ARTICLES)
    .orderBy("post_id")
    .limit(3)
    .execute();
  if (featured.length > 0) {
    await db
      .updateTable("posts")
      .set({ featured: 1 })
      .where(
        "post_id",
        "in",
        featured.map((post) => post.post_id),
      )
      .execute();
  }
  await db.schema.createIndex("posts_featured").on("posts").column("featured").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("posts_featured").execute();
  for (const column of ["updated_at", "image_alt", "featured", "status", "body"]) {
    await db.schema.alterTable("posts").dropColumn(column).execute();
  }
}
