import type { AppContext } from "../../context.js";
import type { Executor, NewMail } from "../../db/database.js";
import type { Mail, MailAttachment } from "../../lib/mailer.js";
import { DAY, isoIn, now, nowIso } from "../../lib/time.js";
import { enqueueJobs, type JobKind, type JobLog, runJobNow } from "../jobs/service.js";
import * as repo from "./repository.js";

/**
 * Sends one queued mail through the shop's mailer (SMTP or the outbox folder). A mail already
 * marked sent is not sent again; a runner that dies between sending and marking sends it once more
 * after the lease, the one case in which a mail can arrive twice.
 */
export const sendMailJob: JobKind<{ mailId: number }, unknown, repo.MailRow | null> = {
  kind: "mail.send",
  // 30 s, 1, 2, 4, 8, 16, 32 min, then hourly: the last try is about three hours after the first.
  maxAttempts: 10,
  // A claim's mails read in one statement, not one round trip for each.
  async readForClaim(ctx, payloads) {
    const ids = payloads.map(({ mailId }) => mailId);
    const mails = await repo.findMails(ctx.db, ids);
    const byId = new Map(mails.map((mail) => [mail.mail_id, mail]));
    return payloads.map(({ mailId }) => byId.get(mailId) ?? null);
  },
  // A claim's mails to different readers, or about different things, are sent side by side; one
  // reader's mails about one order arrive in the order they were written.
  laneOf: (_payload, mail) => (mail ? `${mail.to_address.toLowerCase()} ${mail.thread ?? ""}` : undefined),
  async run(ctx, { mailId }, _prepared, known) {
    const mail = known === undefined ? await repo.findMail(ctx.db, mailId) : known;
    if (!mail || mail.sent_at !== null) return;
    await ctx.mailer.send({
      to: mail.to_address,
      subject: mail.subject,
      text: mail.text_body,
      ...(mail.html_body === null ? {} : { html: mail.html_body }),
      ...(mail.attachments === null ? {} : { attachments: readAttachments(mail.attachments) }),
    });
    await repo.markSent(ctx.db, mailId, nowIso());
  },
};

type StoredAttachment = Omit<MailAttachment, "content"> & { base64: string };

/** Attachments are kept in the mail's row, so a retry after a restart sends the same files. */
function storeAttachments(attachments: MailAttachment[] | undefined): string | null {
  if (!attachments?.length) return null;
  const stored: StoredAttachment[] = attachments.map(({ content, ...rest }) => ({
    ...rest,
    base64: content.toString("base64"),
  }));
  return JSON.stringify(stored);
}

function readAttachments(json: string): MailAttachment[] {
  return (JSON.parse(json) as StoredAttachment[]).map(({ base64, ...rest }) => ({
    ...rest,
    content: Buffer.from(base64, "base64"),
  }));
}

/**
 * A mail to queue: what is sent, and what it is about (`thread`, "order:42"), so that the queue sends
 * one reader's mails about one thing in the order they were written and the rest side by side.
 */
export interface MailToQueue extends Mail {
  thread?: string;
}

/** A mail as its row in the queue keeps it, written at `createdAt`. */
const mailRow =
  (createdAt: string) =>
  (mail: MailToQueue): NewMail => ({
    to_address: mail.to,
    subject: mail.subject,
    text_body: mail.text,
    html_body: mail.html ?? null,
    attachments: storeAttachments(mail.attachments),
    created_at: createdAt,
    thread: mail.thread ?? null,
  });

/** A mail in the durable queue: the id of the job that sends it. */
export interface QueuedMail {
  jobId: number;
}

/**
 * Puts a mail in the queue inside the caller's transaction: it is sent only if that transaction
 * commits, and once committed it survives a failing mail server and a restart (contract §7.3).
 */
export async function queueMail(db: Executor, mail: MailToQueue): Promise<QueuedMail> {
  const [queued] = await queueMails(db, [mail]);
  return queued as QueuedMail;
}

/**
 * Several mails queued as one: their rows in one statement, their jobs in another. They are due at
 * `dueAt`, now when left out; an earlier time puts them ahead of mails queued since (the queue is
 * claimed in the order jobs fell due).
 */
export async function queueMails(db: Executor, mails: MailToQueue[], dueAt: Date = now()): Promise<QueuedMail[]> {
  if (mails.length === 0) return [];
  const mailIds = await repo.insertMails(db, mails.map(mailRow(nowIso())));
  const jobIds = await enqueueJobs(
    db,
    sendMailJob,
    mailIds.map((mailId) => ({ mailId })),
    dueAt,
  );
  return jobIds.map((jobId) => ({ jobId }));
}

/** Mails as a module writes them in a statement of its own (a new order's), written now. */
export function mailsToWrite(mails: MailToQueue[]): repo.MailsToWrite {
  const createdAt = nowIso();
  return {
    mails: mails.map(mailRow(createdAt)),
    send: { kind: sendMailJob.kind, maxAttempts: sendMailJob.maxAttempts, createdAt },
  };
}

/**
 * Tries a queued mail at once, once its transaction has committed, instead of at the runner's next
 * round; a failure is left to the runner's retries. Never throws, and only ever called after the
 * answer, so no request waits for a mail server.
 */
export async function sendQueuedMail(ctx: AppContext, queued: QueuedMail, log?: JobLog): Promise<void> {
  await runJobNow(ctx, sendMailJob, queued.jobId, log).catch((error) =>
    log?.error({ err: error, jobId: queued.jobId }, "queued mail not tried"),
  );
}

/** Mails are kept a month after they were written, sent or given up, then deleted. */
export function pruneMails(ctx: AppContext, at: Date = now()) {
  return repo.deleteMailsBefore(ctx.db, isoIn(-30 * DAY, at));
}
