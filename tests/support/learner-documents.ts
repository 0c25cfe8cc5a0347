import { extractText, getDocumentProxy } from "unpdf";
import * as listRoute from "~/routes/admin/learners";
import { makeSession } from "./factories";
import type { SignedIn } from "./fixture";
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
