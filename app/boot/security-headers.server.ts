import type { NextFunction, Request, Response } from "express";
import { SESSION_COOKIE_PREFIX } from "~/features/accounts/auth.server";

// No page of the site uses these browser features; a script injected into one cannot either.
const PERMISSIONS_POLICY =
  "camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), bluetooth=(), browsing-topics=()";

// Console and account pages show personal data or a session's state, a staff member's iCalendar feed
// is read with its secret token: no browser or proxy keeps a copy. `.data` twins included (React
// Router answers `/calendrier/<token>.ics.data` itself, without the headers the route sets). A
// survey's personal link (/enquete/<token>) shows the answers given through it; an attendance link
// (/emargement/<token>) signs for its learner.
const PRIVATE_PAGES = /^\/(admin|auth|enquete|emargement)(\/|\.data|$)|^\/calendrier\/[^/]*\.data$/;

/**
 * Headers every answer carries: Permissions-Policy, HSTS when PUBLIC_URL is https (a proxy in front
 * terminates TLS; the header is still ours to send), `Cache-Control: no-store` on /admin* and /auth*.
 */
export function securityHeaders(publicUrl: string) {
  const https = publicUrl.startsWith("https://");
  return (req: Request, res: Response, next: NextFunction) => {
    res.setHeader("Permissions-Policy", PERMISSIONS_POLICY);
    if (https) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    if (PRIVATE_PAGES.test(req.path)) res.setHeader("Cache-Control", "no-store");
    next();
  };
}

const SESSION_COOKIE = new RegExp(`(?:^|;\\s*)(?:__Secure-)?${SESSION_COOKIE_PREFIX}\\.session_token=`);

/** Whether the request carries a better-auth session cookie (`cfa.session_token`, `__Secure-` on https). */
function signedIn(cookie: string | undefined): boolean {
  return cookie !== undefined && SESSION_COOKIE.test(cookie);
}

/**
 * Pages (and their `.data` payloads) rendered for a signed-in visitor carry their name and e-mail in
 * the header: `Cache-Control: private` keeps a shared cache in front from serving them to others,
 * and `Vary: Cookie` on every page tells it that an anonymous copy is not the signed-in one. A route
 * that sets its own Cache-Control (no-store, a file's) keeps it.
 */
export function personalPages() {
  return (req: Request, res: Response, next: NextFunction) => {
    res.vary("Cookie");
    if (!res.hasHeader("Cache-Control") && signedIn(req.headers.cookie)) {
      res.setHeader("Cache-Control", "private");
    }
    next();
  };
}
