import type { Executor, NewMail } from "../../db/database.js";
import { prepared } from "../../db/prepared.js";

// Two mails are written and sent for every order: their statements are built once (db/prepared.ts).
const insertMailQuery = prepared(
  (
    db,
    to_address: string,
    subject: string,
    text_body: string,
    html_body: string | null,
    attachments: string | null,
    created_at: string,
  ) =>
    db
      .insertInto("mails")
      .values({ to_address, subject, text_body, html_body, attachments, created_at })
      .returning("mail_id"),
);
const findMailQuery = prepared((db, mailId: number) =>
  db.selectFrom("mails").selectAll().where("mail_id", "=", mailId),
);
const markSentQuery = prepared((db, mailId: number, at: string) =>
  db.updateTable("mails").set({ sent_at: at }).where("mail_id", "=", mailId),
);

export function insertMail(db: Executor, mail: NewMail) {
  return insertMailQuery.firstOrThrow(
    db,
    mail.to_address,
    mail.subject,
    mail.text_body,
    mail.html_body ?? null,
    mail.attachments ?? null,
    mail.created_at,
  );
}

export function findMail(db: Executor, mailId: number) {
  return findMailQuery.first(db, mailId);
}

export async function markSent(db: Executor, mailId: number, at: string) {
  await markSentQuery.changed(db, mailId, at);
}

/** Mails written before `before`: sent long ago, or given up after their last try. */
export async function deleteMailsBefore(db: Executor, before: string) {
  const result = await db.deleteFrom("mails").where("created_at", "<", before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
