import { createHash } from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { FastifyReply, FastifyRequest } from "fastify";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Smaller answers go out as they are: compressing them saves less than it costs. */
export const COMPRESS_THRESHOLD = 1024;

/**
 * Brotli at quality 5 and gzip at 6 compress the 3 MB catalogue of 10,000 products in tens of
 * milliseconds, off the event loop; quality 11 would take seconds for a few percent less.
 */
const ENCODERS = {
  br: (body: Buffer) =>
    brotli(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  gzip: (body: Buffer) => gzip(body, { level: 6 }),
} as const;

export type Encoding = keyof typeof ENCODERS;

/**
 * An answer made once and sent many times (a JSON answer, the web app's page): its bytes, an ETag
 * from their hash, and its brotli and gzip bytes, given (made at build) or made the first time a
 * client asks for them, and kept.
 */
export class CachedAnswer {
  readonly body: Buffer;
  /** Weak: the same content sent as brotli, gzip or identity bytes carries the same tag. */
  readonly etag: string;
  private readonly encoded = new Map<Encoding, Promise<Buffer>>();

  constructor(
    body: string | Buffer,
    readonly contentType = "application/json; charset=utf-8",
    encoded: Partial<Record<Encoding, Buffer>> = {},
  ) {
    this.body = Buffer.from(body);
    this.etag = `W/"${createHash("sha256").update(this.body).digest("base64url").slice(0, 27)}"`;
    for (const [encoding, bytes] of Object.entries(encoded))
      this.encoded.set(encoding as Encoding, Promise.resolve(bytes));
  }

  encodedAs(encoding: Encoding): Promise<Buffer> {
    let bytes = this.encoded.get(encoding);
    if (!bytes) {
      bytes = ENCODERS[encoding](this.body);
      this.encoded.set(encoding, bytes);
      // A failure is not kept: the next client asking tries again.
      bytes.catch(() => this.encoded.delete(encoding));
    }
    return bytes;
  }
}

/** Answers kept at most; past it the oldest go first. */
const MAX_ANSWERS = 20_000;

/**
 * One process's answers kept while a version read from the database stays the same
 * (docs/decisions/0022). Each request reads the version first; while it is the version the answers
 * were made for, an answer comes from memory, else they are all dropped. An answer is built after
 * its version was read, so it is never older than the version it is kept under: a change committed
 * in between only makes the next request build it once more. Requests that find the same answer
 * missing share one build; a build that fails (a 404 too) is not kept, so the next request tries again.
 */
export class AnswerCache {
  private version: number | undefined;
  private readonly answers = new Map<string, Promise<CachedAnswer>>();

  constructor(private readonly readVersion: () => Promise<number>) {}

  async get(key: string, build: () => Promise<string>): Promise<CachedAnswer> {
    const version = await this.readVersion();
    if (version !== this.version) {
      this.version = version;
      this.answers.clear();
    }
    const kept = this.answers.get(key);
    if (kept) return kept;
    const answer = build().then((json) => new CachedAnswer(json));
    if (this.answers.size >= MAX_ANSWERS) this.answers.delete(this.answers.keys().next().value as string);
    this.answers.set(key, answer);
    answer.catch(() => {
      if (this.answers.get(key) === answer) this.answers.delete(key);
    });
    return answer;
  }
}

/** The encoding to answer in: brotli, else gzip, when the client accepts it (a q of 0 refuses); else none. */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  const accepted = new Set<string>();
  for (const part of acceptEncoding.toLowerCase().split(",")) {
    const [name = "", ...params] = part.split(";").map((p) => p.trim());
    const q = params.find((p) => p.startsWith("q="));
    if (q && !(Number(q.slice(2)) > 0)) continue;
    accepted.add(name);
  }
  if (accepted.has("br")) return "br";
  if (accepted.has("gzip") || accepted.has("*")) return "gzip";
  return undefined;
}

/** Whether If-None-Match names this tag (weakly compared, as RFC 9110 asks for GET), or is "*". */
function notModified(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const strip = (tag: string) => tag.trim().replace(/^W\//, "");
  const wanted = strip(etag);
  return ifNoneMatch.split(",").some((tag) => tag.trim() === "*" || strip(tag) === wanted);
}

/**
 * Sends a cached answer: 304 without a body when the client's copy is current, else the bytes in
 * the best encoding the client accepts. `no-cache` lets a browser keep it but ask each time.
 */
export async function sendCachedAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: CachedAnswer,
  vary = "accept-encoding",
) {
  reply.header("etag", answer.etag).header("cache-control", "no-cache").header("vary", vary);
  if (notModified(request.headers["if-none-match"], answer.etag)) return reply.code(304).send();
  reply.type(answer.contentType);
  const encoding =
    answer.body.length >= COMPRESS_THRESHOLD ? preferredEncoding(request.headers["accept-encoding"]) : undefined;
  if (!encoding) return reply.send(answer.body);
  return reply.header("content-encoding", encoding).send(await answer.encodedAs(encoding));
}
