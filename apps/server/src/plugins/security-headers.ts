import type { FastifyHelmetOptions } from "@fastify/helmet";

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
