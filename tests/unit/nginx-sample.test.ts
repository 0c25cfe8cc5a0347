import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { PROXY_BODY_BYTES, REQUEST_LIMITS } from "~/platform/request-limits";
import { DOCUMENTED_SITE, nginxSite } from "../../scripts/nginx-sample";

const documented = /```nginx\n([\s\S]*?)```/.exec(readFileSync("docs/operations.md", "utf8"))?.[1];

/** nginx's client_max_body_size in bytes (k and m suffixes). */
function bodyLimit(config: string): number {
  const [, n, unit] = /client_max_body_size (\d+)([km]?);/.exec(config) ?? [];
  return Number(n) * (unit === "m" ? 2 ** 20 : unit === "k" ? 1024 : 1);
}

describe("the nginx configuration operators copy", () => {
  it("is the generated one, in docs/operations.md word for word", () => {
    expect(documented).toBe(nginxSite(DOCUMENTED_SITE));
  });

  it("lets through every request the app reads, and more, so that the app answers in French", () => {
    const limit = bodyLimit(documented ?? "");
    expect(limit).toBe(PROXY_BODY_BYTES);
    // An application with two documents at the limit, a certificate, any form…
    for (const bytes of Object.values(REQUEST_LIMITS)) expect(limit).toBeGreaterThan(bytes);
    // …and a CV twice too large still reaches the app, which names the field in French.
    expect(limit).toBeGreaterThan(2 * REQUEST_LIMITS.applicationBytes);
  });
});
