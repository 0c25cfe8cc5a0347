import { createHash, randomBytes } from "node:crypto";

/** A fresh nonce for one render: 128 random bits, as the CSP specification asks. */
export function newNonce(): string {
  return randomBytes(16).toString("base64");
}

/**
 * The site's Content-Security-Policy: everything from our own origin only (no CDN, no third-party
 * script, frame, font or image), scripts allowed inline only when they carry this render's nonce.
 * Styles keep 'unsafe-inline': Radix and the toast library set style attributes and a <style>
 * element, and an injected style cannot run code; an injected <script> can, and is refused.
 */
export function contentSecurityPolicy(scriptSources: string[]): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${scriptSources.join(" ")}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

export function nonceSource(nonce: string): string {
  return `'nonce-${nonce}'`;
}

// Inline scripts of a rendered page: no src attribute. JSON-LD and other data blocks are never
// executed, so they need no allowance.
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
const EXECUTABLE_TYPE = /\btype=["']?(module|text\/javascript|application\/javascript)["']?/i;

/** The 'sha256-…' source of every inline script of `html` that a browser would run. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = "", body = ""] of html.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc=/i.test(attributes)) continue;
    if (/\btype=/i.test(attributes) && !EXECUTABLE_TYPE.test(attributes)) continue;
    hashes.add(`'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`);
  }
  return [...hashes];
}

/**
 * A cached page is sent to every anonymous visitor, so the nonce it was rendered with would be the
 * same for all of them and readable by anyone. Its copy is sent with the hashes of its own inline
 * scripts instead, computed once when it is stored: only those exact scripts may run.
 */
export function policyForCachedPage(html: string): string {
  return contentSecurityPolicy(inlineScriptHashes(html));
}
