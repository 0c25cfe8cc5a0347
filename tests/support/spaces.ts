// A learner in their personal space, as the tests of /espace need one: invited from Stagiaires by a
// staff member, then signed in by following the sign-in link of the invitation e-mail.
import { and, eq } from "drizzle-orm";
import { mailOutbox } from "~/platform/mail/schema.server";
import * as authApi from "~/routes/api/auth";
import { makeFormation, makeLearner, uniqueTag } from "./factories";
import type { SignedIn } from "./fixture";
import { learnersPost, newSession } from "./learner-documents";
import { BASE_URL, cookieFrom, getRequest, routeArgs, type TestApp } from "./runtime";

// better-auth limits sign-in links per address and minute: each request here comes from its own.
let calls = 0;
export const spaceArgs = (t: TestApp, request: Request, params: Record<string, string> = {}) =>
  routeArgs(t, request, params, `198.51.100.${(++calls % 250) + 1}`);

/** The session cookie a browser gets by opening the last sign-in link e-mailed to `to`. */
export async function signInFromMail(t: TestApp, to: string): Promise<string> {
  const mails = await t.app.db
    .select({ text: mailOutbox.text })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, to), eq(mailOutbox.kind, "space_invitation")))
    .orderBy(mailOutbox.createdAt);
  const verify = `${BASE_URL}/api/auth/magic-link/verify`;
  const found = (mails.at(-1)?.text ?? "").split(/\s/).find((word) => word.startsWith(verify));
  if (!found) throw new Error(`no sign-in link for ${to}`);
  const response = await authApi.loader(spaceArgs(t, getRequest(found.replace(BASE_URL, ""))));
  return cookieFrom(response);
}

/** A learner of a session of their own, invited by `staff` and signed in: the record and its cookie. */
export async function learnerInSpace(t: TestApp, staff: SignedIn, fields: { email?: string } = {}) {
  const formation = await makeFormation(t.app.db, { title: `Formation ${uniqueTag()}` });
  const sessionId = await newSession(t, formation.id);
  const email = fields.email ?? `stagiaire-${uniqueTag()}@example.test`;
  const learner = await makeLearner(t.app.db, { sessionId, email });
  await learnersPost(t, staff)({ intent: "invite-space", id: learner.id });
  return { learner, formation, cookie: await signInFromMail(t, email) };
}
