import { randomBytes } from "node:crypto";
import path from "node:path";
import { DEFAULT_WINDOW_DAYS } from "@florist/contract";
import { DEFAULT_DELIVERY_FEE, DEFAULT_PAYMENT_WINDOW_MINUTES } from "@florist/contract/rules";
import type { Kysely } from "kysely";
import { accountKey } from "../../lib/account-key.js";
import { storePrerendered } from "../../lib/images.js";
import { sectionsOf } from "../../lib/markdown.js";
import { hashPassword } from "../../lib/secrets.js";
import { nowIso } from "../../lib/time.js";
import { type Database, SETTING_KEYS } from "../database.js";
import { isUniqueViolation } from "../errors.js";
import {
  CATEGORIES,
  CUSTOMIZATIONS,
  DELIVERY_SLOTS,
  DELIVERY_ZONES,
  DEMO_BANK_ACCOUNTS,
  DEMO_OCCASION_TAGS,
  DEMO_POSTS,
  DEMO_PRODUCTS,
  OCCASIONS,
} from "./demo-data.js";

const ART_DIR = path.join(import.meta.dirname, "art");
/** What seeding needs of the configuration (the app's Config has all of it). */
export interface SeedOptions {
  /** The admin created when the shop has none; without a password a random one is printed once. */
  admin: { username: string; email: string; password?: string | undefined };
  /** Whether a new shop gets the demo catalogue and blog. */
  seedDemo: boolean;
  /** Where the demo pictures are stored. */
  dataDir: string;
}

/**
 * Fills what a shop cannot run without (categories, customizations, the delivery fee, an admin),
 * and once, on a new shop with SEED_DEMO=1, the demo catalogue and blog. Safe to run on every start.
 */
export async function seed(db: Kysely<Database>, options: SeedOptions, log: (line: string) => void) {
  await seedBasics(db);
  await seedAdmin(db, options.admin, log);
  if (options.seedDemo && (await seedDemoOnce(db, options.dataDir))) {
    log(`Seeded the demo catalogue: ${DEMO_PRODUCTS.length} products and ${DEMO_POSTS.length} blog posts.`);
  }
}

/**
 * The demo data, all or nothing, behind its marker written first in the same transaction: a second
 * process seeding at the same moment waits for the marker and then finds it, so the catalogue is
 * never doubled. True when this call seeded it.
 */
function seedDemoOnce(db: Kysely<Database>, dataDir: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const marked = await trx
      .insertInto("settings")
      .values({ key: SETTING_KEYS.demoSeededAt, value: nowIso() })
      .onConflict((oc) => oc.column("key").doNothing())
      .returning("key")
      .executeTakeFirst();
    if (marked) await seedDemo(trx, dataDir);
    return marked !== undefined;
  });
}

/** Writes a setting unless it is already there: what an admin has set stays. */
async function addSetting(db: Kysely<Database>, key: string, value: string) {
  await db
    .insertInto("settings")
    .values({ key, value })
    .onConflict((oc) => oc.column("key").doNothing())
    .execute();
}

export async function seedBasics(db: Kysely<Database>) {
  // Only a new shop gets the starting categories: after that the admin runs them, and one deleted stays deleted.
  const anyCategory = await db.selectFrom("categories").select("category_id").limit(1).executeTakeFirst();
  if (!anyCategory) {
    await db
      .insertInto("categories")
      .values(CATEGORIES.map((name, index) => ({ name, position: index + 1 })))
      .onConflict((oc) => oc.column("name").doNothing())
      .execute();
  }
  // Likewise the starting occasions, only into a shop that has none.
  const anyOccasion = await db.selectFrom("occasions").select("occasion_id").limit(1).executeTakeFirst();
  if (!anyOccasion) {
    await db
      .insertInto("occasions")
      .values(OCCASIONS.map((name, index) => ({ name, position: index + 1 })))
      .execute()
      .catch((error) => {
        // Another process starting at the same moment added them first.
        if (!isUniqueViolation(error)) throw error;
      });
  }
  await db
    .insertInto("customizations")
    .values(CUSTOMIZATIONS)
    .onConflict((oc) => oc.column("name").doNothing())
    .execute();
  await addSetting(db, SETTING_KEYS.deliveryFee, String(DEFAULT_DELIVERY_FEE));
  await addSetting(db, SETTING_KEYS.deliveryWindowDays, String(DEFAULT_WINDOW_DAYS));
  await addSetting(db, SETTING_KEYS.paymentWindowMinutes, String(DEFAULT_PAYMENT_WINDOW_MINUTES));
  await seedDeliverySchedule(db);
}

/**
 * The delivery slots and zones are the shop's setup, so a shop without demo data gets them too, but
 * only once: an admin who switches them all off must not find them back after a restart. The marker
 * is written first in the same transaction, so two processes starting at once seed them once.
 */
async function seedDeliverySchedule(db: Kysely<Database>) {
  await db.transaction().execute(async (trx) => {
    const marked = await trx
      .insertInto("settings")
      .values({ key: SETTING_KEYS.deliveryScheduleSeededAt, value: nowIso() })
      .onConflict((oc) => oc.column("key").doNothing())
      .returning("key")
      .executeTakeFirst();
    if (!marked) return;
    await trx.insertInto("delivery_slots").values(DELIVERY_SLOTS).execute();
    await trx.insertInto("delivery_zones").values(DELIVERY_ZONES).execute();
  });
}

const anyAdmin = (db: Kysely<Database>) =>
  db.selectFrom("users").select("user_id").where("role", "=", "admin").executeTakeFirst();

async function insertAdmin(db: Kysely<Database>, admin: SeedOptions["admin"], password: string) {
  await db
    .insertInto("users")
    .values({
      username: admin.username,
      email: admin.email,
      username_key: accountKey(admin.username),
      email_key: accountKey(admin.email),
      password_hash: await hashPassword(password),
      role: "admin",
      created_at: nowIso(),
    })
    .execute();
}

async function seedAdmin(db: Kysely<Database>, admin: SeedOptions["admin"], log: (line: string) => void) {
  if (await anyAdmin(db)) return;
  const password = admin.password ?? `${randomBytes(9).toString("base64url")}A1`;
  try {
    await insertAdmin(db, admin, password);
  } catch (error) {
    // Another process starting at the same moment created it first: one admin, one password printed.
    if (isUniqueViolation(error) && (await anyAdmin(db))) return;
    throw error;
  }
  if (admin.password) {
    log(`Created the admin account "${admin.username}" with the password from ADMIN_PASSWORD.`);
  } else {
    log(`Created the admin account "${admin.username}" with the password: ${password}`);
    log("This password is shown only once. Log in and keep it safe.");
  }
}

/** Stores one of the shop's drawings, rendered to WebP in every width from its SVG by scripts/render-art.ts. */
function storeArt(dataDir: string, art: string): Promise<string> {
  return storePrerendered(dataDir, path.join(ART_DIR, art));
}

async function seedDemo(db: Kysely<Database>, dataDir: string) {
  const categories = await db.selectFrom("categories").select(["category_id", "name"]).execute();
  const categoryId = new Map(categories.map((c) => [c.name, c.category_id]));
  const occasions = await db.selectFrom("occasions").select(["occasion_id", "name"]).execute();
  const occasionId = new Map(occasions.map((o) => [o.name, o.occasion_id]));
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
    const tags = (DEMO_OCCASION_TAGS[product.name] ?? []).flatMap((name) => {
      const id = occasionId.get(name);
      return id === undefined ? [] : [{ product_id, occasion_id: id }];
    });
    if (tags.length > 0) await db.insertInto("product_occasions").values(tags).execute();
  }
  await db.insertInto("bank_accounts").values(DEMO_BANK_ACCOUNTS).execute();
  for (const post of DEMO_POSTS) {
    await db
      .insertInto("posts")
      .values({
        title: post.title,
        excerpt: post.excerpt,
        image_url: await storeArt(dataDir, post.art),
        image_alt: post.imageAlt,
        author: post.author,
        category: post.category,
        body: post.body,
        sections: JSON.stringify(sectionsOf(post.body)),
        published_at: post.publishedAt,
        featured: 1,
      })
      .execute();
  }
}
