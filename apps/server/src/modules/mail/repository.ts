import { sql } from "kysely";
import { type Executor, MAIL_COLUMNS, type NewMail } from "../../db/database.js";
import { prepared, preparedRows } from "../../db/prepared.js";
import { claimOneDoneOnPostgres } from "../jobs/repository.js";

type MailValues = [
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
function mailValues(mail: NewMail): MailValues {
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

/**
 * PostgreSQL, in one statement: claims the due transactional job `claim.jobId` and marks it done
 * (jobs repository, claimOneDone), and only if that claimed it, writes the mails and a send job for
 * each. One statement is all or nothing, as the transaction of begin, claim, two inserts and commit
 * it stands for; the mails of every new order are written this way. False when the job was not
 * claimed (not due, or another runner holds it): then nothing was written. `mails` must not be empty.
 */
export async function insertMailsFinishingJob(
  db: Executor,
  claim: { kind: string; jobId: number; now: string },
  mails: NewMail[],
  send: SendJob,
): Promise<boolean> {
  const queued = await insertMailsFinishingJobQuery.rows(
    db,
    mails.map(mailValues),
    claim.now,
    claim.kind,
    claim.jobId,
    send.kind,
    send.createdAt,
    send.maxAttempts,
  );
  return queued.length > 0;
}

// Built once for each number of mails (db/prepared.ts): every new order runs it, and building its
// claim and two inserts with Kysely each time cost the shop's thread more than sending it.
const insertMailsFinishingJobQuery = preparedRows<
  MailValues,
  { job_id: number },
  [now: string, kind: string, jobId: number, sendKind: string, createdAt: string, maxAttempts: number]
>(7, (db, mails, now, kind, jobId, sendKind, createdAt, maxAttempts) => {
  const rows = sql.join(
    mails.map(
      ([to_address, subject, text_body, html_body, attachments, created_at, thread]) =>
        sql`(${to_address}::text, ${subject}::text, ${text_body}::text, ${html_body}::text,
          ${attachments}::text, ${created_at}::text, ${thread}::text)`,
    ),
  );
  return db
    .with("claimed", (qc) => claimOneDoneOnPostgres(qc, { kind, now, jobId }).returning("job_id"))
    .with("written", (qc) =>
      qc
        .insertInto("mails")
        .columns(["to_address", "subject", "text_body", "html_body", "attachments", "created_at", "thread"])
        .expression(
          // The columns named, not `*`, so that PostgreSQL keeps the statement prepared (db/prepared.ts).
          sql`select to_address, subject, text_body, html_body, attachments, created_at, thread
            from (values ${rows}) as m (to_address, subject, text_body, html_body, attachments, created_at, thread)
            where exists (select from claimed)`,
        )
        .returning("mail_id"),
    )
    .insertInto("jobs")
    .columns(["kind", "payload", "run_at", "max_attempts", "created_at", "state", "attempts"])
    .expression((eb) =>
      eb
        .selectFrom("written")
        .select([
          sql<string>`${sendKind}::text`.as("kind"),
          sql<string>`'{"mailId":' || written.mail_id || '}'`.as("payload"),
          sql<string>`${createdAt}::text`.as("run_at"),
          sql<number>`${maxAttempts}::integer`.as("max_attempts"),
          sql<string>`${createdAt}::text`.as("created_at"),
          sql<string>`'queued'`.as("state"),
          sql<number>`0`.as("attempts"),
        ]),
    )
    .returning("job_id");
});

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
