import fs from "node:fs/promises";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import { buildOutboxMessage, fitsOutboxMessage } from "./outbox-message.js";

/** A file sent with a mail; with a `cid`, the HTML shows it inline as `<img src="cid:…">`. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  cid?: string;
  content: Buffer;
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  /** Closes the connections a mailer keeps to its mail server, if it keeps any. */
  close?(): void;
}

/**
 * Set in the URL's query, where nodemailer reads its options; one SMTP_URL already names wins.
 *
 * - A mail server that stops answering fails the send within two minutes, well inside the job
 *   runner's lease, so no second runner starts the same mail while the first still waits.
 * - Connections are kept and reused, up to five at once (the job runner's lanes, LANES_AT_ONCE):
 *   a new connection costs a mail server's greeting and TLS handshake, often more than the mail.
 *   One left idle is closed by the socket timeout, or by the server, and opened again when needed.
 */
const SMTP_OPTIONS = {
  connectionTimeout: "30000",
  greetingTimeout: "30000",
  socketTimeout: "60000",
  pool: "true",
  maxConnections: "5",
};

function withDefaults(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  for (const [name, value] of Object.entries(SMTP_OPTIONS)) {
    if (!url.searchParams.has(name)) url.searchParams.set(name, value);
  }
  return url.toString();
}

/**
 * SMTP when SMTP_URL is set; otherwise each mail becomes one .eml file in DATA_DIR/outbox/. Every
 * mail is sent from `mailFrom` (MAIL_FROM).
 */
export function createMailer(options: { smtpUrl: string | undefined; dataDir: string; mailFrom: string }): Mailer {
  const from = options.mailFrom;
  if (options.smtpUrl) {
    const transport: Transporter = nodemailer.createTransport(withDefaults(options.smtpUrl));
    return {
      async send(mail) {
        await transport.sendMail({ from, ...mail });
      },
      close: () => transport.close(),
    };
  }
  const outbox = path.join(options.dataDir, "outbox");
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  // The shop's own mails are built directly (a fraction of nodemailer's CPU, two per order under a
  // rush); a mail with anything unusual in a header or an over-long line is left to nodemailer.
  const build = async (mail: Mail, at: Date) => {
    if (fitsOutboxMessage(from, mail)) return buildOutboxMessage(from, mail, at);
    const info = await transport.sendMail({ from, ...mail });
    return { messageId: info.messageId, message: info.message as Buffer };
  };
  // Made once, on the first mail, not again for each one (under a rush that is two mails per order).
  let outboxMade: Promise<unknown> | undefined;
  return {
    async send(mail) {
      // The real time, as nodemailer dates a mail: the file names sort in the order the mails were written.
      const at = new Date();
      const { messageId, message } = await build(mail, at);
      outboxMade ??= fs.mkdir(outbox, { recursive: true });
      await outboxMade.catch(() => {
        // A failed attempt (a full disk) is tried again with the next mail.
        outboxMade = undefined;
      });
      const name = `${at.toISOString().replace(/[:.]/g, "-")}-${messageId.replace(/[^a-zA-Z0-9]/g, "")}.eml`;
      const file = path.join(outbox, name);
      await fs.writeFile(file, message).catch(async (error: NodeJS.ErrnoException) => {
        // The folder was removed while the shop ran: made again, and the mail written once more.
        if (error.code !== "ENOENT") throw error;
        await fs.mkdir(outbox, { recursive: true });
        await fs.writeFile(file, message);
      });
    },
  };
}
