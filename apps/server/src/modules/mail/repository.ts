import { type QueryCreator, sql } from "kysely";
import { type Database, type Executor, MAIL_COLUMNS, type NewMail } from "../../db/database.js";
import { prepared, preparedRows } from "../../db/prepared.js";

export type MailValues = [
  to_address: string,
  subject: string,
  text_body: string,
  html_body: string | null,
  attachments: string | null,
  created_at: string,
  thread: string | null,
];

// Two mails are written and sent for every order, in one statement: built once (db/prepared.ts).
const insertMailsQuery = preparedRows<MailValues, { mail_id: number }>(7, (db, rows) =>
  db
    .insertInto("mails")
    .values(
      rows.map(([to_address, subject, text_body, html_body, attachments, created_at, thread]) => ({
        to_address,
        subject,
        text_body,
        html_body,
        attachments,
        created_at,
        thread,
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

/** A mail's values in the order of MailValues, as the statements that write mails take them. */
export function mailValues(mail: NewMail): MailValues {
  return [
    mail.to_address,
    mail.subject,
    mail.text_body,
    mail.html_body ?? null,
    mail.attachments ?? null,
    mail.created_at,
    mail.thread ?? null,
  ];
}

/** Writes the mails in one statement; answers their ids, in no particular order. */
export async function insertMails(db: Executor, mails: NewMail[]): Promise<number[]> {
  const rows = await insertMailsQuery.rows(db, mails.map(mailValues));
  return rows.map((row) => row.mail_id);
}

/** The job that sends each mail: queued with the mail, due at once, `{"mailId":…}` as JSON.stringify writes it. */
export interface SendJob {
  kind: string;
  maxAttempts: number;
  createdAt: string;
}

/** Mails a module writes in a statement of its own (a new order's): their rows, and the job that sends each. */
export interface MailsToWrite {
  mails: NewMail[];
  send: SendJob;
}

/** The shop's tables of a statement's query creator, whatever `with` queries came before. */
const ownTables = <DB extends Database>(qc: QueryCreator<DB>) => qc as unknown as QueryCreator<Database>;

/**
 * PostgreSQL: the insert of mails given as rows of MailValues, answering their ids, for a statement
 * that writes them beside other work (a new order's, in the orders repository) as one of its `with`
 * queries; sendJobsOf then queues the job that sends each.
 */
export function insertMailRows<DB extends Database>(qc: QueryCreator<DB>, mails: MailValues[]) {
  const rows = sql.join(
    mails.map(
      ([to_address, subject, text_body, html_body, attachments, created_at, thread]) =>
        sql`(${to_address}::text, ${subject}::text, ${text_body}::text, ${html_body}::text,
          ${attachments}::text, ${created_at}::text, ${thread}::text)`,
    ),
  );
  return ownTables(qc)
    .insertInto("mails")
    .columns(["to_address", "subject", "text_body", "html_body", "attachments", "created_at", "thread"])
    .expression(
      // The columns named, not `*`, so that PostgreSQL keeps the statement prepared (db/prepared.ts).
      sql`select to_address, subject, text_body, html_body, attachments, created_at, thread
        from (values ${rows}) as m (to_address, subject, text_body, html_body, attachments, created_at, thread)`,
    )
    .returning("mail_id");
}

/** PostgreSQL: the insert of a send job for each mail id that the `with` query `written` answers. */
export function insertSendJobs<DB extends Database>(qc: QueryCreator<DB>, written: string, send: SendJob) {
  return ownTables(qc)
    .insertInto("jobs")
    .columns(["kind", "payload", "run_at", "max_attempts", "created_at", "state", "attempts"])
    .expression(
      sql`select ${send.kind}::text, '{"mailId":' || w.mail_id || '}', ${send.createdAt}::text,
        ${send.maxAttempts}::integer, ${send.createdAt}::text, 'queued', 0 from ${sql.table(written)} as w`,
    );
}

export function findMail(db: Executor, mailId: number) {
  return findMailQuery.first(db, mailId);
}

export type MailRow = NonNullable<Awaited<ReturnType<typeof findMail>>>;

/** The mails of these ids that exist, in no particular order. */
export function findMails(db: Executor, mailIds: number[]): Promise<MailRow[]> {
  return db.selectFrom("mails").select(MAIL_COLUMNS).where("mail_id", "in", mailIds).execute();
}

export async function markSent(db: Executor, mailId: number, at: string) {
  await markSentQuery.changed(db, mailId, at);
}

/** Mails written before `before`: sent long ago, or given up after their last try. */
export async function deleteMailsBefore(db: Executor, before: string) {
  const result = await db.deleteFrom("mails").where("created_at", "<", before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
