import { extractText, getDocumentProxy } from "unpdf";
import * as listRoute from "~/routes/admin/learners";
import { makeSession } from "./factories";
import type { SignedIn } from "./fixture";
import { frenchTypographyFaults } from "./french-text";
import { pdfGlyphText } from "./pdf-glyph-text";
import { formRequest, routeArgs, type TestApp } from "./runtime";

/** A generated PDF's text, pages joined, every run of white space as one space: what a reader sees. */
export const pdfText = async (bytes: Uint8Array) =>
  (await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true })).text.replace(
    /\s+/g,
    " ",
  );

/** What a route answered or threw (a thrown Response is an answer too), for the test to look at. */
export async function settled(run: () => Promise<unknown>): Promise<unknown> {
  try {
    return await run();
  } catch (thrown) {
    return thrown;
  }
}

/** A click on the Stagiaires screen (its action), by `signedIn` unless another cookie is given. */
export const learnersPost =
  (t: TestApp, signedIn: SignedIn) =>
  (fields: Record<string, string>, cookie = signedIn.cookie) =>
    settled(() => listRoute.action(routeArgs(t, formRequest("/admin/stagiaires", fields, cookie))));

/**
 * A session of its own for `formationId` (by default 2027-03-01 → 2027-03-12; in Lyon, 10 seats):
 * its id.
 */
export async function newSession(
  t: TestApp,
  formationId: string | undefined,
  { start, end } = { start: "2027-03-01", end: "2027-03-12" },
): Promise<string> {
  const session = await makeSession(t.app.db, {
    formationId: formationId ?? "",
    startDate: start,
    endDate: end,
    mode: "presentiel",
    place: "12 rue des Lilas, Lyon",
    seats: 10,
  });
  return session.id;
}

/**
 * What is wrong in a generated document's text as its reader sees it: French typography (judged on
 * the glyphs, no-break spaces included), a 'Non renseigné' where a value was missing, separators
 * doubled around an empty part ('· ·'), the VAT exemption's article cut short ('261-4-4°' without
 * its 'a'), an inclusive placeholder standing for a person the document names.
 */
export function documentFaults(bytes: Uint8Array): string[] {
  const text = pdfGlyphText(bytes);
  const faults = frenchTypographyFaults(text);
  if (/non renseign/i.test(text)) faults.push("« Non renseigné » imprimé");
  if (/·\s*·/.test(text)) faults.push("séparateurs doublés « · · »");
  if (/261-4-4°(?!\s?a\b)/.test(text)) faults.push("« 261-4-4° » sans son « a »");
  if (/le ou la stagiaire/i.test(text)) faults.push("« le ou la stagiaire » pour une personne nommée");
  if (/undefined|null|NaN/.test(text)) faults.push("valeur technique imprimée");
  return faults;
}

/** How many pictures a PDF draws (the centre's logo). */
export const pdfImageCount = (bytes: Uint8Array) =>
  (
    Buffer.from(bytes)
      .toString("latin1")
      .match(/\/Subtype \/Image/g) ?? []
  ).length;

/** The e-mails queued for `to`, as their reader will see them (text part), in order. */
export const queuedMails = (t: TestApp, to: string) =>
  t.app.database.query<{ kind: string; subject: string; text: string; html: string; attachments: unknown }>(
    "select kind, subject, text_body as text, html_body as html, attachments from mail_outbox where lower(to_address) = lower($1) order by created_at, id",
    [to],
  );
