import type { NextFunction, Request, Response } from "express";

// No page of the site uses these browser features; a script injected into one cannot either.
const PERMISSIONS_POLICY =
  "camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), bluetooth=(), browsing-topics=()";

// Console and account pages show personal data or a session's state: no browser or proxy keeps a copy.
const PRIVATE_PAGES = /^\/(admin|auth)(\/|\.data|$)/;

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
