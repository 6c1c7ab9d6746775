import { randomBytes } from "node:crypto";

/** What a mail is made of (lib/mailer.ts's Mail, which sends through this module). */
interface MailAttachment {
  filename: string;
  contentType: string;
  cid?: string;
  content: Buffer;
}

interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
}

/** The longest line a mail may carry (RFC 5322 §2.1.1); a body with a longer one is left to nodemailer. */
const MAX_LINE = 998;
const PLAIN_HEADER = /^[\x20-\x7e]*$/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: the same test for a body, which may also hold line breaks.
const ASCII_BODY = /^[\x09\x0a\x20-\x7e]*$/;

/**
 * Whether `buildOutboxMessage` writes this mail: headers of printable ASCII (the shop's subjects and
 * addresses are) and bodies without a line too long for a mail. Anything else is built by nodemailer.
 */
export function fitsOutboxMessage(from: string, mail: Mail): boolean {
  const headers = [from, mail.to, mail.subject, ...(mail.attachments ?? []).flatMap((a) => [a.filename, a.cid ?? ""])];
  if (!headers.every((value) => PLAIN_HEADER.test(value) && value.length < 200)) return false;
  // A character takes up to 4 bytes in UTF-8: only a line that could be too long is measured.
  const fits = (line: string) => line.length <= MAX_LINE / 4 || Buffer.byteLength(line) <= MAX_LINE;
  return [mail.text, mail.html ?? ""].every((body) => body.split("\n").every(fits));
}

const boundary = (id: string, n: number) => `--_florist_${id}_${n}`;

function textPart(type: "plain" | "html", body: string): string {
  const encoding = ASCII_BODY.test(body) ? "7bit" : "8bit";
  const ending = body.endsWith("\n") ? "" : "\n";
  return `Content-Type: text/${type}; charset=utf-8\nContent-Transfer-Encoding: ${encoding}\n\n${body}${ending}`;
}

function attachmentPart(attachment: MailAttachment): string {
  const lines = attachment.content.toString("base64").match(/.{1,76}/g) ?? [];
  const disposition = attachment.cid ? "inline" : "attachment";
  return [
    `Content-Type: ${attachment.contentType}; name="${attachment.filename}"`,
    ...(attachment.cid ? [`Content-ID: <${attachment.cid}>`] : []),
    `Content-Disposition: ${disposition}; filename="${attachment.filename}"`,
    "Content-Transfer-Encoding: base64",
    "",
    `${lines.join("\n")}\n`,
  ].join("\n");
}

function multipart(subtype: string, marker: string, parts: string[]): string {
  return `Content-Type: multipart/${subtype}; boundary="${marker}"\n\n${parts.map((p) => `--${marker}\n${p}`).join("\n")}\n--${marker}--\n`;
}

/**
 * One mail as the .eml file the outbox keeps, in the MIME structure nodemailer gives it (the plain
 * text and the HTML as alternatives, inline images related to the HTML, other files beside them),
 * built directly: under a rush every order writes two, and nodemailer's general builder cost more
 * CPU than the rest of the mail (docs/performance.md). Answers the message id and the file's text.
 * Only for mails `fitsOutboxMessage` accepts.
 */
export function buildOutboxMessage(from: string, mail: Mail, at: Date): { messageId: string; message: string } {
  const id = randomBytes(12).toString("hex");
  const messageId = `<${id}@bandung-florist.local>`;
  const inline = (mail.attachments ?? []).filter((a) => a.cid);
  const files = (mail.attachments ?? []).filter((a) => !a.cid);
  let body = textPart("plain", mail.text);
  if (mail.html !== undefined) {
    const html = textPart("html", mail.html);
    const shown =
      inline.length > 0
        ? multipart('related; type="text/html"', boundary(id, 3), [html, ...inline.map(attachmentPart)])
        : html;
    body = multipart("alternative", boundary(id, 2), [body, shown]);
  } else if (inline.length > 0) {
    files.push(...inline);
  }
  if (files.length > 0) body = multipart("mixed", boundary(id, 1), [body, ...files.map(attachmentPart)]);
  const headers = [
    `From: ${from}`,
    `To: ${mail.to}`,
    `Subject: ${mail.subject}`,
    `Message-ID: ${messageId}`,
    `Date: ${at.toUTCString().replace("GMT", "+0000")}`,
    "MIME-Version: 1.0",
  ].join("\n");
  // Lines end in CRLF, as a mail's do (RFC 5322) and as nodemailer wrote them.
  return { messageId, message: `${headers}\n${body}`.replace(/\r?\n/g, "\r\n") };
}
