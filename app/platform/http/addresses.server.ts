import type { NextFunction, Request, Response } from "express";

// One written form per address, and one place that says what an address is.
//
// The router reads a request's path through the WHATWG URL parser (React Router's Express adapter
// builds a `URL` from it: a backslash becomes '/', `..`, `.` and their `%2e` spellings are resolved)
// and then percent-decodes each segment. A rule that looked at the raw path (no-store, the page
// cache, the logs' masking) could be walked round by `/x/../admin`, `/%61dmin` or `/admin\…`, and
// when the router ignored case, by `/ADMIN`. So:
// - `canonicalAddresses` turns every request whose path is not already in its canonical form into a
//   redirect to that form, before anything reads the path: resolved the way the parser does, runs of
//   '/' made one, percent-encoded letters, digits and `-._~` decoded, other escapes in upper case. A
//   malformed escape (`%E0%A4%A`, `%ZZ`, bytes that are not UTF-8) is a 400.
// - The router is case-sensitive (app/routes.ts, and Express's 'case sensitive routing'): an odd-case
//   path names no page, so a fixed segment is only ever matched as written. Tokens keep their case.
// - Every rule that protects an address reads it through `pathRules` (no-store, the page cache) or
//   `maskSecrets` (logs); both ignore case, so that they cover a superset of what the router serves.

/** Letters, digits and `-._~`: the characters an escape never needs to stand for (RFC 3986 §2.3). */
const UNRESERVED = /^[A-Za-z0-9\-._~]$/;
const ESCAPE = /%([0-9A-Fa-f]{2})/g;
const BAD_ESCAPE = /%(?![0-9A-Fa-f]{2})/;

export interface CanonicalPath {
  /** The canonical form of the path (for a malformed one, the best form there is, to log it). */
  path: string;
  /** A `%` not followed by two hexadecimal digits, or escapes that are not UTF-8. */
  malformed: boolean;
}

/** The canonical form of `raw`, a request's path without its query string. */
export function canonicalPath(raw: string): CanonicalPath {
  let path: string;
  try {
    // "http://x" + raw, not new URL(raw, base): "//host/…" is a path here, as for the router.
    path = new URL(`http://x${raw.startsWith("/") ? raw : `/${raw}`}`).pathname;
  } catch {
    return { path: raw, malformed: true };
  }
  // Runs of '/' made one: no page has an empty segment, and a Location starting "//" would name
  // another site.
  path = path.replace(/\/{2,}/g, "/").replace(ESCAPE, (written, hex: string) => {
    const char = String.fromCharCode(Number.parseInt(hex, 16));
    return UNRESERVED.test(char) ? char : written.toUpperCase();
  });
  return { path, malformed: BAD_ESCAPE.test(path) || !decodes(path) };
}

/** Whether the escapes of `path` stand for UTF-8 text, as the router will decode them. */
function decodes(path: string): boolean {
  try {
    // The result is used: a bundler drops a call to this built-in whose value is not.
    return typeof decodeURIComponent(path) === "string";
  } catch {
    return false;
  }
}

/** The path of `url` (a request's target: path and query), without its query string. */
const pathOf = (url: string) => {
  const query = url.indexOf("?");
  return query === -1 ? url : url.slice(0, query);
};

/** The canonical path of a request, to log it (malformed or not). */
export const canonicalPathOf = (req: Request) => canonicalPath(pathOf(req.originalUrl)).path;

/**
 * The entrance: a request whose path is not canonical is redirected to its canonical form (301 for
 * GET and HEAD; 308 otherwise, which keeps the method and body); a malformed one gets a 400 in French.
 * Nothing else (no page, no rule) sees it. The query string is kept as sent.
 */
export function canonicalAddresses() {
  return (req: Request, res: Response, next: NextFunction) => {
    const raw = pathOf(req.originalUrl);
    const { path, malformed } = canonicalPath(raw);
    // What the request metrics name the answer by, instead of a route pattern or a static file.
    if (malformed || path !== raw) res.locals.route = "(adresse non canonique)";
    if (malformed) {
      res
        .status(400)
        .set("Cache-Control", "no-store")
        .type("text/plain; charset=utf-8")
        .send("Adresse invalide\u00a0: elle contient un caractère mal encodé.");
      return;
    }
    if (path === raw) return next();
    const status = req.method === "GET" || req.method === "HEAD" ? 301 : 308;
    res.redirect(status, path + req.originalUrl.slice(raw.length));
  };
}

export interface PathRules {
  /**
   * Never kept by a browser or a proxy (`Cache-Control: no-store`, whatever the route sets): the
   * console and account pages show personal data or a session's state; a survey's personal link
   * shows the answers given through it, an attendance link signs for its learner, a staff member's
   * iCalendar feed holds candidates' names and is read with its token. `.data` twins included (React
   * Router answers `/calendrier/<token>.ics.data` itself, without the headers the route sets).
   */
  noStore: boolean;
  /**
   * May be served from the page cache (to anonymous visitors). Not the personal pages above, nor the
   * API; nor a course's programme PDF, which has its own cache (one copy per formation rebuilt when the
   * record changes, app/features/catalogue/programme-pdf.server.ts: here it would be kept twice and
   * push the HTML pages out), nor the Lhéo exports (/lheo.xml, /formation/<slug>/lheo.xml), cached
   * with 304s by features/catalogue/lheo/lheo.server.ts, the catalogue's weighing megabytes.
   */
  pageCache: boolean;
  /**
   * May be shown in a frame of the site's own pages (`X-Frame-Options: SAMEORIGIN`, every other
   * address `DENY`): the PDF a signer reads inside the signing page (/espace/signatures/<id>/document.pdf).
   */
  sameOriginFrame: boolean;
}

// /espace: a signed-in person's own pages (their signatures), never kept.
const NO_STORE =
  /^\/(admin|auth|enquete|positionnement|emargement|calendrier|devis|espace)([/.]|$)|^\/api\/auth(\/|$)/i;
const FRAMED = /^\/espace\/signatures\/[^/]+\/document\.pdf$/;
const NOT_PAGES = /^\/api(\/|$)|\/programme\.pdf$|\/lheo\.xml$/i;

/** What the rules that protect an address make of `path` (canonical, as routed). */
export function pathRules(path: string): PathRules {
  const noStore = NO_STORE.test(path);
  return { noStore, pageCache: !noStore && !NOT_PAGES.test(path), sameOriginFrame: FRAMED.test(path) };
}

// Addresses whose next segment is a credential: whoever reads one in a log could reset a password
// (better-auth's /api/auth/reset-password/<token>), read a staff member's calendar
// (/calendrier/<token>.ics), answer a learner's survey (/enquete/<token>) or positioning
// questionnaire (/positionnement/<token>, which may speak of a disability), sign attendance for them
// (/emargement/<token>, a legal record), reach a slot's signing in the room (/emargement/salle/<token>,
// the QR code's address: with a learner's code, it signs) or accept a quote in a payer's name
// (/devis/<token>). The console's own pages of the same names (/admin/devis/<id>) hold no secret. Any
// case, and '/' written `%2F` (an address inside a query string, `redirectTo=%2Fenquete%2F…`), since a
// log line may quote any string.
const SECRET_SEGMENT =
  /((?<!admin)(?:\/|%2F)(?:reset-password|calendrier|enquete|positionnement|emargement(?:(?:\/|%2F)salle)?|devis)(?:\/|%2F))[^/?#&\s"'.]+/gi;
// ?token=… of the e-mail confirmation link and of the new-password page.
const SECRET_PARAMETER = /([?&;]token=)[^&#\s"']+/gi;

/** `text` with every secret token of an address replaced by '[masqué]'. */
export function maskSecrets(text: string): string {
  return text.replace(SECRET_SEGMENT, "$1[masqué]").replace(SECRET_PARAMETER, "$1[masqué]");
}
