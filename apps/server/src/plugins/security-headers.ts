import helmet, { type FastifyHelmetOptions } from "@fastify/helmet";
import Fastify, { type FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { API_DOCS_PREFIX } from "./api-docs.js";

/** The privacy-enhanced YouTube player that the home page's commitment video loads when played. */
export const VIDEO_FRAME_ORIGIN = "https://www.youtube-nocookie.com";

/**
 * The Content-Security-Policy directives: exactly what the built web app loads, and no inline
 * script or style. Product images may be any https address an admin typed (or a data: URL), and
 * the admin's image picker previews a chosen file through a blob: URL; the Excel export downloads
 * a blob: link, which a CSP does not govern.
 */
export function cspDirectives(https: boolean): Record<string, string[]> {
  return {
    "default-src": ["'self'"],
    "base-uri": ["'self'"],
    "connect-src": ["'self'"],
    "font-src": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
    "frame-src": [VIDEO_FRAME_ORIGIN],
    "img-src": ["'self'", "data:", "blob:", "https:"],
    "manifest-src": ["'self'"],
    "media-src": ["'self'"],
    "object-src": ["'none'"],
    "script-src": ["'self'"],
    "script-src-attr": ["'none'"],
    "style-src": ["'self'"],
    "worker-src": ["'none'"],
    ...(https ? { "upgrade-insecure-requests": [] } : {}),
  };
}

/**
 * Options for @fastify/helmet, applied to every answer (pages, assets, API, uploads, errors): the
 * CSP above, nosniff, no framing, a referrer policy, and HSTS only when the shop's address is https.
 */
export function securityHeaderOptions(appUrl: string): FastifyHelmetOptions {
  const https = new URL(appUrl).protocol === "https:";
  return {
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(https) },
    // The shop embeds YouTube and shows images from other sites, which require-corp would block.
    crossOriginEmbedderPolicy: false,
    // Matches frame-ancestors 'none' for browsers that only know the older header.
    xFrameOptions: { action: "deny" },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    // A browser that saw HSTS from a shop served over plain http could not reach it again.
    // Subdomains are left out: the florist's other sites are not this app's to decide for.
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: false } : false,
  };
}

/**
 * The headers @fastify/helmet writes with these options, worked out once: helmet builds its CSP
 * and the other values again for every answer (its directives may be functions), these never
 * change, so each answer gets the same object in one call instead.
 */
export async function securityHeaders(appUrl: string): Promise<Record<string, string>> {
  const probe = Fastify({ logger: false });
  await probe.register(helmet, securityHeaderOptions(appUrl));
  probe.get("/", (_request, reply) => reply.send(""));
  const bare = Fastify({ logger: false });
  bare.get("/", (_request, reply) => reply.send(""));
  const [withHelmet, without] = await Promise.all([probe.inject({ url: "/" }), bare.inject({ url: "/" })]);
  await Promise.all([probe.close(), bare.close()]);
  return Object.fromEntries(
    Object.entries(withHelmet.headers)
      .filter(([name]) => without.headers[name] === undefined)
      .map(([name, value]) => [name, String(value)]),
  );
}

/**
 * The headers of an API answer (JSON, CSV, an error), made from the page headers: a policy that lets
 * nothing load or run and nothing frame it, since a browser never renders an answer as a page, and
 * the headers that guard a resource (nosniff, no framing, the referrer policy, same-origin reads,
 * HSTS over https). The page-only ones (the pages' sources, the opener and agent cluster, the old
 * IE and Flash switches) are left out: a product answer then carries about half the header bytes.
 */
export function apiSecurityHeaders(pageHeaders: Record<string, string>): Record<string, string> {
  const kept = [
    "cross-origin-resource-policy",
    "referrer-policy",
    "strict-transport-security",
    "x-content-type-options",
    "x-frame-options",
  ];
  return {
    "content-security-policy": "default-src 'none';frame-ancestors 'none'",
    ...Object.fromEntries(Object.entries(pageHeaders).filter(([name]) => kept.includes(name))),
  };
}

/** Under /api/ but not the API documentation, whose pages are pages. */
function isApiAnswer(url: string): boolean {
  if (!url.startsWith("/api/")) return false;
  if (!url.startsWith(API_DOCS_PREFIX)) return true;
  const after = url.charAt(API_DOCS_PREFIX.length);
  return !(after === "" || after === "/" || after === "?");
}

/**
 * Every answer carries the security headers, set first: pages, assets, uploads and the API
 * documentation the page headers, API answers their own (apiSecurityHeaders).
 */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance, { appUrl }: { appUrl: string }) => {
    const pages = await securityHeaders(appUrl);
    const api = apiSecurityHeaders(pages);
    app.addHook("onRequest", (request, reply, done) => {
      reply.headers(isApiAnswer(request.url) ? api : pages);
      done();
    });
  },
  { name: "security-headers" },
);
