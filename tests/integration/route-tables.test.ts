import type { ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { setUpHttpApp } from "../support/fixture";

// React Router derives its route tables (every route flattened, ranked and its pattern compiled)
// from the build's route list. Handed a function that loads the build, it derives them again for
// every request, as development needs to pick up edits; with some seventy routes that was a tenth
// of the server's CPU under a load of contact-form posts. The production server derives them once.

let derivations = 0;

/** The real build, whose entry module counts the reads of `handleError`, which React Router makes once per derivation. */
function countingDerivations(getBuild: () => Promise<ServerBuild>): () => Promise<ServerBuild> {
  let counted: Promise<ServerBuild> | null = null;
  return () => {
    counted ??= getBuild().then((build) => {
      const module = new Proxy(build.entry.module, {
        get(target, name, receiver) {
          if (name === "handleError") derivations++;
          return Reflect.get(target, name, receiver);
        },
      });
      return { ...build, entry: { ...build.entry, module } };
    });
    return counted;
  };
}

describe("React Router's route tables", () => {
  const t = setUpHttpApp({ FORM_RATE_LIMIT: "0" }, {}, {}, countingDerivations);

  it("are derived once for the whole server, not once per request", async () => {
    // Pages rendered for a visitor (a cookie: no page cache) and form posts, as they come.
    for (let i = 0; i < 4; i++) {
      const page = await fetch(`${t.base}/contact`, { headers: { cookie: "vu=1" } });
      expect(page.status).toBe(200);
      expect(await page.text()).toContain("Envoyer le message");
      const posted = await fetch(`${t.base}/contact.data`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: t.base },
        body: new URLSearchParams({ firstName: "Alice" }),
      });
      expect(posted.status).toBe(400);
    }
    expect(derivations).toBe(1);
  });
});
