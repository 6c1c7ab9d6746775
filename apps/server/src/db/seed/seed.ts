import { randomBytes } from "node:crypto";
import path from "node:path";
import type { Kysely } from "kysely";
import type { Config } from "../../config.js";
import { accountKey } from "../../lib/account-key.js";
import { storePrerendered } from "../../lib/images.js";
import { hashPassword } from "../../lib/secrets.js";
import { nowIso } from "../../lib/time.js";
import { getSetting, putSetting } from "../../modules/settings/repository.js";
import { ensureDeliveryFee } from "../../modules/settings/service.js";
import type { Database } from "../database.js";
import { CATEGORIES, CUSTOMIZATIONS, DEMO_POSTS, DEMO_PRODUCTS } from "./demo-data.js";

const ART_DIR = path.join(import.meta.dirname, "art");
const DEMO_SEEDED = "demo_seeded_at";

/**
 * Fills what a shop cannot run without (categories, customizations, the delivery fee, an admin),
 * and once, on a new shop with SEED_DEMO=1, the demo catalogue and blog. Safe to run on every start.
 */
export async function seed(db: Kysely<Database>, config: Config, log: (line: string) => void) {
  await seedBasics(db);
  await seedAdmin(db, config, log);
  if (config.seedDemo && (await getSetting(db, DEMO_SEEDED)) === undefined) {
    await seedDemo(db, config.dataDir);
    await putSetting(db, DEMO_SEEDED, nowIso());
    log(`Seeded the demo catalogue: ${DEMO_PRODUCTS.length} products and ${DEMO_POSTS.length} blog posts.`);
  }
}

export async function seedBasics(db: Kysely<Database>) {
  await db
    .insertInto("categories")
    .values(CATEGORIES.map((name) => ({ name })))
    .onConflict((oc) => oc.column("name").doNothing())
    .execute();
  await db
    .insertInto("customizations")
    .values(CUSTOMIZATIONS)
    .onConflict((oc) => oc.column("name").doNothing())
    .execute();
  await ensureDeliveryFee(db);
}

async function seedAdmin(db: Kysely<Database>, config: Config, log: (line: string) => void) {
  const admin = await db.selectFrom("users").select("user_id").where("role", "=", "admin").executeTakeFirst();
  if (admin) return;
  const password = config.admin.password ?? `${randomBytes(9).toString("base64url")}A1`;
  await db
    .insertInto("users")
    .values({
      username: config.admin.username,
      email: config.admin.email,
      username_key: accountKey(config.admin.username),
      email_key: accountKey(config.admin.email),
      password_hash: await hashPassword(password),
      role: "admin",
      created_at: nowIso(),
    })
    .execute();
  if (config.admin.password) {
    log(`Created the admin account "${config.admin.username}" with the password from ADMIN_PASSWORD.`);
  } else {
    log(`Created the admin account "${config.admin.username}" with the password: ${password}`);
    log("This password is shown only once. Log in and keep it safe.");
  }
}

/** Stores one of the shop's drawings, rendered to WebP in both widths from its SVG by scripts/render-art.ts. */
function storeArt(dataDir: string, art: string): Promise<string> {
  return storePrerendered(dataDir, path.join(ART_DIR, `${art}.webp`), path.join(ART_DIR, `${art}-card.webp`));
}

async function seedDemo(db: Kysely<Database>, dataDir: string) {
  const categories = await db.selectFrom("categories").select(["category_id", "name"]).execute();
  const categoryId = new Map(categories.map((c) => [c.name, c.category_id]));
  const now = nowIso();
  for (const product of DEMO_PRODUCTS) {
    const imageUrl = await storeArt(dataDir, product.art);
    const { product_id } = await db
      .insertInto("products")
      .values({
        category_id: categoryId.get(product.category) ?? null,
        name: product.name,
        description: product.description,
        price: product.price,
        stock_quantity: product.stock,
        image_url: imageUrl,
        availability_status: product.status ?? "in_stock",
        size_options: JSON.stringify(product.sizes),
        color_options: JSON.stringify(product.colors),
        product_type: "real",
        created_at: now,
        updated_at: now,
      })
      .returning("product_id")
      .executeTakeFirstOrThrow();
    const images = [];
    for (const color of product.colors) {
      const label = color.split("::")[0] as string;
      const art = product.colorArt?.[label];
      images.push({
        product_id,
        color_name: label,
        // Each row gets its own file, so deleting one image never removes another row's picture.
        image_url: await storeArt(dataDir, art ?? product.art),
        stock_quantity: product.stock,
        created_at: now,
      });
    }
    if (product.colorArt) await db.insertInto("product_images").values(images).execute();
  }
  for (const post of DEMO_POSTS) {
    await db
      .insertInto("posts")
      .values({
        title: post.title,
        excerpt: post.excerpt,
        image_url: await storeArt(dataDir, post.art),
        author: post.author,
        category: post.category,
        sections: JSON.stringify(post.sections),
        published_at: post.publishedAt,
      })
      .execute();
  }
}
