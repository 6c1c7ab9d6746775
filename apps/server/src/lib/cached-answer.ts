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
 * from their hash, its headers, and its brotli and gzip bytes, given (made at build) or made the
 * first time a client asks for them, and kept.
 */
export class CachedAnswer {
  readonly body: Buffer;
  /** Weak: the same content sent as brotli, gzip or identity bytes carries the same tag. */
  readonly etag: string;
  /** The headers every copy of it carries, made once. */
  readonly headers: Readonly<Record<string, string>>;
  private readonly encoded = new Map<Encoding, Promise<Buffer>>();
  /** The encoded bytes once made, so a send needs no await. */
  private readonly ready = new Map<Encoding, Buffer>();

  constructor(
    body: string | Buffer,
    readonly contentType = "application/json; charset=utf-8",
    encoded: Partial<Record<Encoding, Buffer>> = {},
  ) {
    this.body = Buffer.from(body);
    this.etag = `W/"${createHash("sha256").update(this.body).digest("base64url").slice(0, 27)}"`;
    this.headers = { etag: this.etag, "cache-control": "no-cache", "content-type": contentType };
    for (const [encoding, bytes] of Object.entries(encoded)) {
      this.encoded.set(encoding as Encoding, Promise.resolve(bytes));
      this.ready.set(encoding as Encoding, bytes);
    }
  }

  encodedAs(encoding: Encoding): Promise<Buffer> {
    let bytes = this.encoded.get(encoding);
    if (!bytes) {
      bytes = ENCODERS[encoding](this.body);
      this.encoded.set(encoding, bytes);
      bytes.then(
        (made) => this.ready.set(encoding, made),
        // A failure is not kept: the next client asking tries again.
        () => this.encoded.delete(encoding),
      );
    }
    return bytes;
  }

  /** The encoded bytes when they are made already. */
  encodedNow(encoding: Encoding): Buffer | undefined {
    return this.ready.get(encoding);
  }
}

/** What tells a cache, without a query, that the database may have changed (db/changes.ts): `undefined` when it cannot tell. */
export interface ChangeTokens {
  token(): number | undefined;
}

/** Answers kept at most; past it the oldest go first. */
const MAX_ANSWERS = 20_000;

/**
 * One process's answers kept while a version read from the database stays the same
 * (docs/decisions/0022). The version is read again only when the database's change watch
 * (db/changes.ts) says something may have changed since it was last read, or cannot tell; while
 * it is the version the answers were made for, an answer comes from memory, else they are all
 * dropped. The watch's token is taken before the version is read and an answer is built after
 * it, so an answer is never older than the version it is kept under: a change committed in
 * between only makes the next request read and build once more. Requests that find the same
 * answer missing share one build; a build that fails (a 404 too) is not kept, so the next
 * request tries again.
 */
export class AnswerCache {
  private version: number | undefined;
  /** The watch's token when the version was last read. */
  private checked: number | undefined;
  private readonly answers = new Map<string, Promise<CachedAnswer>>();
  /** The same answers once built, for a lookup without an await. */
  private readonly built = new Map<string, CachedAnswer>();

  constructor(
    private readonly readVersion: () => Promise<number>,
    private readonly changes?: ChangeTokens,
  ) {}

  /** The answer kept for `key`, when it is built and nothing may have changed since: no await, no query. */
  peek(key: string): CachedAnswer | undefined {
    const token = this.changes?.token();
    if (token === undefined || token !== this.checked) return undefined;
    return this.built.get(key);
  }

  async get(key: string, build: () => Promise<string>): Promise<CachedAnswer> {
    const token = this.changes?.token();
    if (token === undefined || token !== this.checked) {
      const version = await this.readVersion();
      this.checked = token;
      if (version !== this.version) {
        this.version = version;
        this.answers.clear();
        this.built.clear();
      }
    }
    const kept = this.answers.get(key);
    if (kept) return kept;
    const answer = build().then((json) => new CachedAnswer(json));
    if (this.answers.size >= MAX_ANSWERS) {
      const oldest = this.answers.keys().next().value as string;
      this.answers.delete(oldest);
      this.built.delete(oldest);
    }
    this.answers.set(key, answer);
    answer.then(
      (made) => {
        if (this.answers.get(key) === answer) this.built.set(key, made);
      },
      () => {
        if (this.answers.get(key) === answer) this.answers.delete(key);
      },
    );
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
 * the best encoding the client accepts. `no-cache` lets a browser keep it but ask each time. No
 * await once the encoding asked for is made.
 */
export function sendCachedAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: CachedAnswer,
  vary = "accept-encoding",
): undefined | Promise<void> {
  reply.headers(answer.headers).header("vary", vary);
  if (notModified(request.headers["if-none-match"], answer.etag)) {
    reply.removeHeader("content-type");
    reply.code(304).send();
    return;
  }
  const encoding =
    answer.body.length >= COMPRESS_THRESHOLD ? preferredEncoding(request.headers["accept-encoding"]) : undefined;
  if (!encoding) {
    reply.send(answer.body);
    return;
  }
  reply.header("content-encoding", encoding);
  const made = answer.encodedNow(encoding);
  if (!made) return answer.encodedAs(encoding).then((bytes) => void reply.send(bytes));
  reply.send(made);
}
