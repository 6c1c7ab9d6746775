import { type Kysely, sql } from "kysely";

// Frozen: this migration must keep producing the same schema, so it imports nothing from the app.

/**
 * The language an account reads the shop in (docs/decisions/0025): "en" or "id". Its mails and,
 * without a `lang` cookie, the server's messages follow it; accounts made before start in English.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("users")
    .addColumn("language", "text", (c) => c.notNull().defaultTo("en").check(sql`language in ('en', 'id')`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("users").dropColumn("language").execute();
}
