import { type Executor, MAIL_COLUMNS, type NewMail } from "../../db/database.js";
import { prepared, preparedRows } from "../../db/prepared.js";

type MailValues = [
  to_address: string,
  subject: string,
  text_body: string,
  html_body: string | null,
  attachments: string | null,
  created_at: string,
];

// Two mails are written and sent for every order, in one statement: built once (db/prepared.ts).
const insertMailsQuery = preparedRows<MailValues, { mail_id: number }>(6, (db, rows) =>
  db
    .insertInto("mails")
    .values(
      rows.map(([to_address, subject, text_body, html_body, attachments, created_at]) => ({
        to_address,
        subject,
        text_body,
        html_body,
        attachments,
        created_at,
      })),
    )
    .returning("mail_id"),
);
const findMailQuery = prepared((db, mailId: number) =>
  db.selectFrom("mails").select(MAIL_COLUMNS).where("mail_id", "=", mailId),
);
const markSentQuery = prepared((db, mailId: number, at: string) =>
  db.updateTable("mails").set({ sent_at: at }).where("mail_id", "=", mailId),
);

/** Writes the mails in one statement; answers their ids, in no particular order. */
export async function insertMails(db: Executor, mails: NewMail[]): Promise<number[]> {
  const rows = await insertMailsQuery.rows(
    db,
    mails.map((mail) => [
      mail.to_address,
      mail.subject,
      mail.text_body,
      mail.html_body ?? null,
      mail.attachments ?? null,
      mail.created_at,
    ]),
  );
  return rows.map((row) => row.mail_id);
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
