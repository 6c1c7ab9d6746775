import nodemailer from "nodemailer";
import { describe, expect, it } from "vitest";
import type { Mail } from "./mailer.js";
import { buildOutboxMessage, fitsOutboxMessage } from "./outbox-message.js";

const FROM = '"Bandung Florist" <no-reply@bandung-florist.local>';
const photo = {
  filename: "delivery-photo.jpg",
  contentType: "image/jpeg",
  cid: "delivery-photo",
  content: Buffer.alloc(300, 7),
};
const mail: Mail = {
  to: "dewi@example.com",
  subject: "Your flowers MB-00042 have been delivered",
  text: "Halo Dewi,\n\nPesanan Anda – 2 × Mawar merah, Rp 350.000 – sudah diantar.\n",
  html: '<p>Halo <strong>Dewi</strong>,</p>\n<p>Pesanan Anda – Rp 350.000 – sudah diantar.</p>\n<img src="cid:delivery-photo">\n',
  attachments: [photo],
};

/** The content types of a message's parts in the order they stand, boundaries left out. */
const partTypes = (eml: string) => [...eml.matchAll(/^Content-Type: ([^;\n]+)/gm)].map((m) => m[1]);

/** A part's body after its headers, quoted-printable or base64 decoded, up to the next boundary. */
function partBody(message: string, type: string): string {
  const eml = message.replace(/\r\n/g, "\n");
  const start = eml.indexOf(`Content-Type: ${type}`);
  const headersEnd = eml.indexOf("\n\n", start) + 2;
  const headers = eml.slice(start, headersEnd);
  const raw = eml.slice(headersEnd, eml.indexOf("\n--", headersEnd));
  if (/base64/.test(headers)) return Buffer.from(raw.replace(/\s/g, ""), "base64").toString("latin1");
  if (/quoted-printable/.test(headers)) {
    const bytes = raw
      .replace(/=\n/g, "")
      .replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(Number.parseInt(hex, 16)));
    return Buffer.from(bytes, "latin1").toString("utf8");
  }
  return raw;
}

describe("the outbox's .eml file", () => {
  it("has nodemailer's structure, headers and decoded content, with its bodies readable as written", async () => {
    const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
    const theirs = (await transport.sendMail({ from: FROM, ...mail })).message.toString();
    const ours = buildOutboxMessage(FROM, mail, new Date("2026-11-27T09:00:00Z")).message;

    expect(fitsOutboxMessage(FROM, mail)).toBe(true);
    expect(partTypes(ours)).toEqual(partTypes(theirs));
    for (const header of [`To: ${mail.to}`, `Subject: ${mail.subject}`, "Content-ID: <delivery-photo>"]) {
      expect(ours).toContain(header);
      expect(theirs).toContain(header);
    }
    expect(ours).toMatch(/^From: .*<no-reply@bandung-florist\.local>$/m);
    expect(ours).toContain("Date: Fri, 27 Nov 2026 09:00:00 +0000");
    for (const type of ["text/plain", "text/html"]) expect(partBody(ours, type)).toBe(partBody(theirs, type));
    expect(partBody(ours, "image/jpeg")).toBe(photo.content.toString("latin1"));
    // Written as it is: a sentence of the mail can be found in the file without decoding it.
    expect(ours).toContain("Pesanan Anda – 2 × Mawar merah, Rp 350.000 – sudah diantar.");
  });

  it("is a single plain-text part for a mail without HTML, and each message has its own id", () => {
    const plain = { to: mail.to, subject: "Reset your Bandung Florist password", text: "Open this link.\n" };
    const first = buildOutboxMessage(FROM, plain, new Date());
    expect(partTypes(first.message)).toEqual(["text/plain"]);
    expect(first.message).toContain("Content-Transfer-Encoding: 7bit\r\n\r\nOpen this link.\r\n");
    expect(buildOutboxMessage(FROM, plain, new Date()).messageId).not.toBe(first.messageId);
  });

  it("leaves to nodemailer a header it would have to encode and a line too long for a mail", () => {
    expect(fitsOutboxMessage(FROM, { ...mail, subject: "Pesanan Anda – MB-00042" })).toBe(false);
    expect(fitsOutboxMessage(FROM, { ...mail, to: "a@b.c\nBcc: x@y.z" })).toBe(false);
    expect(fitsOutboxMessage(FROM, { ...mail, html: `<p>${"–".repeat(400)}</p>` })).toBe(false);
    expect(fitsOutboxMessage(FROM, { ...mail, html: `<p>${"a".repeat(900)}</p>` })).toBe(true);
  });
});
