import type { NextFunction, Request, Response } from "express";
import { SESSION_COOKIE_PREFIX } from "~/features/accounts/auth.server";
import { pathRules } from "~/platform/http/addresses.server";

// No page of the site uses these browser features; a script injected into one cannot either.
const PERMISSIONS_POLICY =
  "camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), bluetooth=(), browsing-topics=()";

const SESSION_COOKIE = new RegExp(`(?:^|;\\s*)(?:__Secure-)?${SESSION_COOKIE_PREFIX}\\.session_token=`);

/** Whether the request carries a better-auth session cookie (`cfa.session_token`, `__Secure-` on https). */
function signedIn(cookie: string | undefined): boolean {
  return cookie !== undefined && SESSION_COOKIE.test(cookie);
}

/**
 * Runs `apply` once, just before the status line and headers go out, whoever sends them: React
 * Router's adapter appends the route's headers to those already set, so a value set before routing
 * would be sent twice ('no-store, no-store') or contradicted ('private, public, max-age=…').
 */
function beforeHeaders(res: Response, apply: () => void): void {
  const writeHead = res.writeHead;
  let applied = false;
  res.writeHead = function (this: Response, ...args: Parameters<Response["writeHead"]>) {
    if (!applied) {
      applied = true;
      apply();
    }
    return writeHead.apply(this, args);
  } as Response["writeHead"];
}

/**
 * Headers every answer carries: Permissions-Policy, HSTS when PUBLIC_URL is https (a proxy in front
 * terminates TLS; the header is still ours to send), and one Cache-Control:
 * - `no-store` on the addresses `pathRules` says are personal, whatever the route set;
 * - otherwise what the route set (a file's own policy);
 * - otherwise `private` for a signed-in visitor: pages rendered for them carry their name and e-mail
 *   in the header, which a shared cache in front must not serve to others.
 */
export function securityHeaders(publicUrl: string) {
  const https = publicUrl.startsWith("https://");
  return (req: Request, res: Response, next: NextFunction) => {
    res.setHeader("Permissions-Policy", PERMISSIONS_POLICY);
    if (https) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    // Mounted after the entrance (canonicalAddresses): the path is the canonical one, as routed.
    const { noStore } = pathRules(req.path);
    const personal = signedIn(req.headers.cookie);
    beforeHeaders(res, () => {
      if (noStore) res.setHeader("Cache-Control", "no-store");
      else if (personal && !res.hasHeader("Cache-Control")) res.setHeader("Cache-Control", "private");
    });
    next();
  };
}

/**
 * `Vary: Cookie` on every page and `.data` payload: it tells a shared cache in front that an
 * anonymous copy is not the signed-in one (see `securityHeaders` for their Cache-Control).
 */
export function personalPages() {
  return (_req: Request, res: Response, next: NextFunction) => {
    res.vary("Cookie");
    next();
  };
}
