import { describe, expect, it } from "vitest";
import { isSameOriginRequest } from "~/platform/http/same-origin.server";
import { parseTrustProxy } from "~/platform/http/trust-proxy.server";

describe("TRUST_PROXY", () => {
  it.each([
    [undefined, false],
    ["", false],
    ["false", false],
    ["true", true],
    ["1", 1],
    [" 2 ", 2],
    ["0", 0],
    ["10.0.0.1", ["10.0.0.1"]],
    ["10.0.0.0/8, 192.168.1.1", ["10.0.0.0/8", "192.168.1.1"]],
    ["loopback,uniquelocal", ["loopback", "uniquelocal"]],
    ["::1,fd00::/8", ["::1", "fd00::/8"]],
  ])("reads %o as %o", (raw, expected) => {
    expect(parseTrustProxy(raw)).toEqual(expected);
  });

  it.each(["oui", "1.5", "-1", "10.0.0.0/33", "::1/129", "10.0.0.1/8/2", "10.0.0.1,", "proxy.local", "1000"])(
    "refuses %o",
    (raw) => {
      expect(parseTrustProxy(raw)).toBeNull();
    },
  );
});

describe("same-origin rule for state-changing requests", () => {
  const base = {
    method: "POST",
    origin: undefined,
    secFetchSite: undefined,
    requestOrigin: "http://10.0.0.5:3000",
    publicOrigin: "https://www.centre.fr",
  };

  it.each([
    ["reading is always allowed", { method: "GET", origin: "https://evil.example" }, true],
    ["PUBLIC_URL's origin", { origin: "https://www.centre.fr" }, true],
    ["the origin the request was sent to", { origin: "http://10.0.0.5:3000" }, true],
    ["another site", { origin: "https://evil.example" }, false],
    ["a sibling subdomain", { origin: "https://blog.centre.fr" }, false],
    ["plain http of our https site", { origin: "http://www.centre.fr" }, false],
    ["an opaque origin", { origin: "null" }, false],
    ["Sec-Fetch-Site same-origin", { secFetchSite: "same-origin" }, true],
    ["Sec-Fetch-Site none (typed by the user)", { secFetchSite: "none" }, true],
    ["Sec-Fetch-Site same-site", { secFetchSite: "same-site" }, false],
    ["Sec-Fetch-Site cross-site", { secFetchSite: "cross-site" }, false],
    ["a client that is no browser (neither header)", {}, true],
    ["DELETE from another site", { method: "DELETE", origin: "https://evil.example" }, false],
  ])("%s", (_label, facts, allowed) => {
    expect(isSameOriginRequest({ ...base, ...facts })).toBe(allowed);
  });
});
