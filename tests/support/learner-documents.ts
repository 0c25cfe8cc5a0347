import { extractText, getDocumentProxy } from "unpdf";
import * as listRoute from "~/routes/admin/learners";
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

/** The file's database, read and written in SQL (seeding what no screen writes, reading what was kept). */
export const sqlOn =
  (t: TestApp) =>
  <T = Record<string, unknown>>(sql: string, values: unknown[] = []) =>
    t.app.database.query<T>(sql, values);

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
  const [session] = await sqlOn(t)<{ id: string }>(
    `insert into formation_sessions (formation_id, start_date, end_date, mode, place, seats)
     values ($1, $2, $3, 'presentiel', '12 rue des Lilas, Lyon', 10) returning id`,
    [formationId, start, end],
  );
  return session?.id ?? "";
}
