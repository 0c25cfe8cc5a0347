import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { setUpHttpApp, setUpSignedIn } from "../support/fixture";

// Every page says which scripts may run: only our own files, and inline scripts that carry the
// nonce of that very response (a page rendered for one visitor) or whose hash the header lists (a
// cached copy shared by every anonymous visitor). An injected <script> has neither.

function policyOf(response: Response): Map<string, string[]> {
  const header = response.headers.get("content-security-policy");
  expect(header, response.url).toBeTruthy();
  return new Map(
    (header ?? "").split(";").map((directive) => {
      const [name = "", ...sources] = directive.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}

/** Inline scripts a browser would run (JSON-LD data blocks excluded), with their attributes. */
function inlineScripts(html: string): { attributes: string; body: string }[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .map(([, attributes = "", body = ""]) => ({ attributes, body }))
    .filter(({ attributes }) => !/\bsrc=/.test(attributes) && !/application\/ld\+json/.test(attributes));
}

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

describe("Content-Security-Policy", () => {
  const t = setUpHttpApp();
  const admin = setUpSignedIn(t, "admin");

  it("allows only our origin: no plugin, no framing, no foreign form target or base", async () => {
    const policy = policyOf(await fetch(`${t.base}/contact`));
    expect(policy.get("default-src")).toEqual(["'self'"]);
    expect(policy.get("object-src")).toEqual(["'none'"]);
    expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
    expect(policy.get("base-uri")).toEqual(["'self'"]);
    expect(policy.get("form-action")).toEqual(["'self'"]);
    expect(policy.get("connect-src")).toEqual(["'self'"]);
    expect(policy.get("script-src")).not.toContain("'unsafe-inline'");
    expect(policy.get("script-src")).not.toContain("'unsafe-eval'");
  });

  it("gives each rendered page its own nonce, carried by every inline script of that page", async () => {
    const nonces: string[] = [];
    for (const pathname of ["/formations", "/formations", "/admin", "/admin/contacts"]) {
      const response = await fetch(`${t.base}${pathname}`, { headers: { cookie: admin.cookie } });
      expect(response.status, pathname).toBe(200);
      const sources = policyOf(response).get("script-src") ?? [];
      const nonce = sources.find((s) => s.startsWith("'nonce-"))?.slice("'nonce-".length, -1);
      expect(nonce, pathname).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      const scripts = inlineScripts(await response.text());
      expect(scripts.length, pathname).toBeGreaterThan(0);
      for (const script of scripts) expect(script.attributes, pathname).toContain(`nonce="${nonce}"`);
      nonces.push(nonce ?? "");
    }
    expect(new Set(nonces).size).toBe(nonces.length);
  });

  it("sends a cached public page with the hashes of its own inline scripts, not a shared nonce", async () => {
    for (const pathname of ["/", "/formations", "/notre-centre"]) {
      await (await fetch(`${t.base}${pathname}`)).text();
      const cached = await fetch(`${t.base}${pathname}`);
      expect(cached.headers.get("x-cache"), pathname).toBe("HIT");
      const sources = policyOf(cached).get("script-src") ?? [];
      expect(
        sources.some((s) => s.startsWith("'nonce-")),
        pathname,
      ).toBe(false);
      const scripts = inlineScripts(await cached.text());
      expect(scripts.length, pathname).toBeGreaterThan(0);
      for (const script of scripts) expect(sources, pathname).toContain(sha256(script.body));
      // Nothing else: one source for 'self' and one per distinct inline script.
      expect(sources.length, pathname).toBe(1 + new Set(scripts.map((s) => sha256(s.body))).size);
    }
  });
});
