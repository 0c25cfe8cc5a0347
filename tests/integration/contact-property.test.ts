import { sql } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { contactRequests } from "~/features/leads/schema.server";
import { mailOutbox } from "~/platform/mail/schema.server";
import * as callbackRoute from "~/routes/api/callback";
import * as contactRoute from "~/routes/site/contact";
import { DRIVER } from "../support/db";
import { setUpTestApp } from "../support/fixture";
import { bodyOf, formRequest, routeArgs, statusOf } from "../support/runtime";

const t = setUpTestApp({ FORM_RATE_LIMIT: "0" });

async function counts() {
  const [c] = await t.app.db.select({ n: sql<number>`count(*)::int` }).from(contactRequests);
  const [m] = await t.app.db.select({ n: sql<number>`count(*)::int` }).from(mailOutbox);
  return { requests: c?.n ?? 0, mails: m?.n ?? 0 };
}

// Hostile material: NUL and other control characters, lone surrogates, SQL and HTML, header
// injection, right-to-left marks, very long runs, and plausible values so that some posts succeed.
const hostile = fc.oneof(
  fc.string({ unit: "binary", maxLength: 120 }),
  fc.string({ unit: "grapheme", maxLength: 60 }),
  fc.constantFrom(
    "",
    " ",
    "\u0000",
    "\ud800",
    "Robert'); drop table contact_requests;--",
    "<script>alert(1)</script>",
    "a@b.c\r\nBcc: victime@example.test",
    "\u202eetirw",
    "Ünïcødé Éloïse",
    "0612345678",
    "+33 (0)6 12 34 56 78",
    "x".repeat(6000),
    "é".repeat(40_000),
    "amina@example.test",
    "information",
    "rdv",
    "formation-wordpress",
    "callback_home_hero",
    "on",
  ),
);

const fieldSet = (names: string[]) =>
  fc.record(Object.fromEntries(names.map((n) => [n, hostile])) as Record<string, typeof hostile>, {
    requiredKeys: [],
  });

const contactFields = fieldSet([
  "firstName",
  "lastName",
  "email",
  "phone",
  "subject",
  "formation",
  "message",
  "acceptMarketing",
]);
const callbackFields = fieldSet(["firstName", "lastName", "email", "phone", "formation", "source"]);

/** The keys fast-check chose to include (the others are absent from the post, as a script may send). */
const present = (fields: Record<string, string | undefined>): Record<string, string> =>
  Object.fromEntries(Object.entries(fields).filter((e): e is [string, string] => e[1] !== undefined));

/** A stored row with its mails, or a 4xx with a French message and nothing written. */
async function expectAllOrNothing(
  status: number,
  body: Record<string, unknown>,
  before: Awaited<ReturnType<typeof counts>>,
) {
  const after = await counts();
  if (status === 200) {
    expect(body.ok).toBe(true);
    expect(after.requests).toBe(before.requests + 1);
    expect(after.mails - before.mails).toBeGreaterThanOrEqual(1);
    expect(after.mails - before.mails).toBeLessThanOrEqual(2);
  } else {
    expect(status).toBeGreaterThanOrEqual(400);
    expect(status).toBeLessThan(500);
    expect(typeof body.message).toBe("string");
    expect(after).toEqual(before);
  }
}

// The length a visitor sees once the form has cleaned the value (zod counts code points).
// biome-ignore lint/suspicious/noControlCharactersInRegex: mirrors the schema's cleaning.
const folded = (s: string) => [...s.replace(/[\u0000-\u001f\u007f\s]+/g, " ").trim()].length;
// biome-ignore lint/suspicious/noControlCharactersInRegex: mirrors the schema's cleaning.
const stripped = (s: string) => [...s.replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, "").trim()].length;

describe(`hostile input on ${DRIVER}`, () => {
  it("the contact action answers 200 with a stored row or 4xx with a message, never 500 nor a partial write", async () => {
    await fc.assert(
      fc.asyncProperty(contactFields, async (fields) => {
        const before = await counts();
        const result = await contactRoute.action(
          routeArgs(t, formRequest("/contact", present(fields)), {}, "10.0.0.1"),
        );
        await expectAllOrNothing(statusOf(result), await bodyOf(result), before);
      }),
      { numRuns: 150 },
    );
  });

  it("the contact action stores what a visitor plausibly types, whatever the characters", async () => {
    const name = fc.string({ unit: "grapheme", minLength: 2, maxLength: 100 });
    await fc.assert(
      fc.asyncProperty(
        name,
        name,
        fc.string({ unit: "binary", minLength: 10, maxLength: 2500 }),
        async (first, last, message) => {
          fc.pre(stripped(message) >= 10);
          fc.pre(folded(first) >= 2 && folded(first) <= 100);
          fc.pre(folded(last) >= 2 && folded(last) <= 100);
          const before = await counts();
          const fields = {
            firstName: first,
            lastName: last,
            email: "ok@example.test",
            phone: "0612345678",
            subject: "autre",
            message,
          };
          const result = await contactRoute.action(
            routeArgs(t, formRequest("/contact", fields), {}, "10.0.0.2"),
          );
          expect(statusOf(result)).toBe(200);
          await expectAllOrNothing(200, await bodyOf(result), before);
        },
      ),
      { numRuns: 60 },
    );
  });

  it("POST /api/rappel answers JSON, 200 with a stored row or 4xx with a message, never 500", async () => {
    await fc.assert(
      fc.asyncProperty(callbackFields, async (fields) => {
        const before = await counts();
        const response = await callbackRoute.action(
          routeArgs(t, formRequest("/api/rappel", present(fields)), {}, "10.0.0.3"),
        );
        expect(response.headers.get("content-type")).toContain("application/json");
        await expectAllOrNothing(response.status, (await response.json()) as Record<string, unknown>, before);
      }),
      { numRuns: 150 },
    );
  });
});
