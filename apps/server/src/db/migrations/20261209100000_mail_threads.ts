import type { Kysely } from "kysely";

// Frozen: this migration must keep producing the same schema, so it imports nothing from the app.

/**
 * `mails.thread`: what a mail is about ("order:42"), or null. The job runner sends a claim's mails to
 * different readers, or about different things, side by side, and those to one reader about one
 * thing one after another, in the order written (modules/mail, sendMailJob.laneOf).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("mails").addColumn("thread", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("mails").dropColumn("thread").execute();
}
