import type { Executor, NewMail } from "../../db/database.js";

export function insertMail(db: Executor, mail: NewMail) {
  return db.insertInto("mails").values(mail).returning("mail_id").executeTakeFirstOrThrow();
}

export function findMail(db: Executor, mailId: number) {
  return db.selectFrom("mails").selectAll().where("mail_id", "=", mailId).executeTakeFirst();
}

export function markSent(db: Executor, mailId: number, at: string) {
  return db.updateTable("mails").set({ sent_at: at }).where("mail_id", "=", mailId).execute();
}

/** Mails written before `before`: sent long ago, or given up after their last try. */
export async function deleteMailsBefore(db: Executor, before: string) {
  const result = await db.deleteFrom("mails").where("created_at", "<", before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
