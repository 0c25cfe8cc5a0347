import type { NextFunction, Request, Response } from "express";

export const FOREIGN_ORIGIN_MESSAGE = "Requête refusée : elle ne provient pas du site.";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export interface OriginFacts {
  method: string;
  /** The Origin header, if any. */
  origin: string | undefined;
  /** The Sec-Fetch-Site header, if any. */
  secFetchSite: string | undefined;
  /** The origin this request was addressed to (protocol and Host as the server sees them). */
  requestOrigin: string;
  /** PUBLIC_URL's origin. */
  publicOrigin: string;
}

/**
 * The rule for every state-changing request (anything but GET, HEAD, OPTIONS), before any route:
 * - an Origin header must be PUBLIC_URL's origin or the origin the request was sent to ("null",
 *   a sibling subdomain or another site are refused);
 * - without Origin, a Sec-Fetch-Site header must say `same-origin` or `none` (typed by the user);
 * - with neither header the client is not a browser (curl, a monitoring probe): browsers send
 *   Origin on every POST, so a request without it cannot be forged from another page.
 */
export function isSameOriginRequest(facts: OriginFacts): boolean {
  if (SAFE_METHODS.has(facts.method.toUpperCase())) return true;
  if (facts.origin !== undefined) {
    return facts.origin === facts.publicOrigin || facts.origin === facts.requestOrigin;
  }
  if (facts.secFetchSite !== undefined) {
    return facts.secFetchSite === "same-origin" || facts.secFetchSite === "none";
  }
  return true;
}

/**
 * Express middleware applying `isSameOriginRequest`. React Router checks Origin on route actions,
 * but not on resource routes (sign-out, /api/rappel, better-auth's endpoints): one check here covers
 * them all with one French answer.
 */
export function sameOriginOnly(publicUrl: string) {
  const publicOrigin = new URL(publicUrl).origin;
  return (req: Request, res: Response, next: NextFunction) => {
    const allowed = isSameOriginRequest({
      method: req.method,
      origin: req.get("origin"),
      secFetchSite: req.get("sec-fetch-site"),
      requestOrigin: `${req.protocol}://${req.get("host") ?? ""}`,
      publicOrigin,
    });
    if (allowed) return next();
    res.status(403);
    if (req.accepts(["html", "json"]) === "json") {
      res.json({ ok: false, message: FOREIGN_ORIGIN_MESSAGE });
    } else {
      res.type("text/plain; charset=utf-8").send(FOREIGN_ORIGIN_MESSAGE);
    }
  };
}
