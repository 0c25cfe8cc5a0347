// Personal spaces (/espace): invitations (on admission, from Stagiaires and Financeurs) make the
// account, the membership and the 'Votre espace personnel' e-mail; sign-in links open the account
// once and for 15 minutes, and never for an address nobody invited; the walls: every /espace page
// and action sends a signed-out visitor to the sign-in page, shows a person only their own records,
// and the console still refuses a space member.
import { and, eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users, verifications } from "~/features/accounts/schema.server";
import { createSignInLink } from "~/features/accounts/sign-in-links.server";
import { spaceMembers } from "~/features/spaces/schema.server";
import { mailOutbox } from "~/platform/mail/schema.server";
import * as detailsRoute from "~/routes/admin/application";
import * as adminLayout from "~/routes/admin/layout";
import * as payersRoute from "~/routes/admin/payers";
import * as authApi from "~/routes/api/auth";
import * as calendarFeedRoute from "~/routes/space/calendar-feed";
import * as spaceHome from "~/routes/space/home";
import * as spaceLayout from "~/routes/space/layout";
import * as learnerRoute from "~/routes/space/learner";
import * as learnerDocumentRoute from "~/routes/space/learner-document";
import * as spacePassword from "~/routes/space/password";
import * as spaceSignIn from "~/routes/space/sign-in";
import { makePayer } from "../support/billing";
import { submitApplication } from "../support/candidate";
import { DRIVER } from "../support/db";
import { makeFormation, makeLearner, makeSlots, uniqueTag } from "../support/factories";
import { setUpSignedIn, setUpTestApp } from "../support/fixture";
import { learnersPost, newSession, settled } from "../support/learner-documents";
import {
  BASE_URL,
  bodyOf,
  cookieFrom,
  formRequest,
  getRequest,
  routeArgs,
  statusOf,
} from "../support/runtime";

const t = setUpTestApp({ FORM_RATE_LIMIT: "0" });
const moderator = setUpSignedIn(t, "moderator");
const roleless = setUpSignedIn(t, null);

// better-auth limits sign-in links to 5 per minute from one address: each call here has its own.
let calls = 0;
const nextIp = () => `203.0.113.${(++calls % 250) + 1}`;
const args = (request: Request, params: Record<string, string> = {}) =>
  routeArgs(t, request, params, nextIp());

const VERIFY = `${BASE_URL}/api/auth/magic-link/verify`;

function linkIn(body: string): string {
  const match = new RegExp(`${VERIFY.replace(/[.?]/g, "\\$&")}[^\\s"<>]+`).exec(body);
  if (!match) throw new Error("no sign-in link");
  return match[0].replaceAll("&amp;", "&");
}

const mailsTo = (to: string, kind: string) =>
  t.app.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, to), eq(mailOutbox.kind, kind)))
    .orderBy(mailOutbox.createdAt);

/** The sign-in link of the last `kind` e-mail to `to`. */
async function lastLink(to: string, kind = "space_invitation"): Promise<string> {
  const mails = await mailsTo(to, kind);
  return linkIn(mails.at(-1)?.text ?? "");
}

/** Follows a sign-in link as a browser does: the redirect and the session cookie it sets. */
async function follow(link: string) {
  const response = await authApi.loader(args(getRequest(link.replace(BASE_URL, ""))));
  return {
    location: response.headers.get("location") ?? "",
    cookie: cookieFrom(response),
    status: response.status,
  };
}

/** A learner of a session of their own, with an address of their own. */
async function newLearner() {
  const formation = await makeFormation(t.app.db, { title: `Formation ${uniqueTag()}` });
  const sessionId = await newSession(t, formation.id);
  return makeLearner(t.app.db, { sessionId, email: `stagiaire-${uniqueTag()}@example.test` });
}

/** A learner invited from Stagiaires and signed in through their link: their session cookie. */
async function signedInLearner() {
  const learner = await newLearner();
  const post = learnersPost(t, moderator);
  expect(statusOf(await post({ intent: "invite-space", id: learner.id }))).toBe(200);
  const { cookie } = await follow(await lastLink(learner.email));
  return { learner, cookie };
}

const thrownBy = (run: () => unknown) => settled(async () => run()) as Promise<Response>;

describe(`personal spaces on ${DRIVER}`, () => {
  it("an invitation from Stagiaires makes the account, the membership and the e-mail; the link signs in once, a second use is refused in French", async () => {
    const learner = await newLearner();
    const post = learnersPost(t, moderator);
    const answer = await post({ intent: "invite-space", id: learner.id });
    expect(statusOf(answer)).toBe(200);
    expect((await bodyOf(answer)).toast).toMatchObject({ title: "Invitation envoyée" });

    const [account] = await t.app.db.select().from(users).where(eq(users.email, learner.email));
    expect(account).toMatchObject({ emailVerified: false, firstName: learner.firstName });
    const members = await t.app.db.select().from(spaceMembers).where(eq(spaceMembers.learnerId, learner.id));
    expect(members).toEqual([
      expect.objectContaining({
        userId: account?.id,
        learnerId: learner.id,
        payerId: null,
        invitedBy: moderator.userId,
      }),
    ]);
    const [mail] = await mailsTo(learner.email, "space_invitation");
    expect(mail?.subject).toBe("Votre espace personnel");
    expect(mail?.text).toContain("15\u00a0minutes");
    const audited = await t.app.database.query<{ action: string; actor_id: string }>(
      "select action, actor_id from audit_log where entity = 'space_member' and entity_id = $1",
      [members[0]?.id],
    );
    expect(audited).toEqual([{ action: "invite", actor_id: moderator.userId }]);

    const link = await lastLink(learner.email);
    const first = await follow(link);
    expect(first.status).toBe(302);
    expect(new URL(first.location, BASE_URL).pathname).toBe("/espace");
    // The link proved the address.
    const [proved] = await t.app.db.select().from(users).where(eq(users.email, learner.email));
    expect(proved?.emailVerified).toBe(true);
    const home = await bodyOf(await spaceHome.loader(args(getRequest("/espace", first.cookie))));
    expect(home.learnerFiles).toEqual([expect.objectContaining({ learnerId: learner.id })]);

    const second = await follow(link);
    expect(second.status).toBe(302);
    expect(second.location).toBe("/espace/connexion?lien=refuse");
    expect(second.cookie).toBe("");
    const page = await bodyOf(await spaceSignIn.loader(args(getRequest(second.location))));
    expect(page).toEqual({ refused: true });

    // 'Renvoyer l'invitation': the same membership, a new date and a new link.
    expect(statusOf(await post({ intent: "invite-space", id: learner.id }))).toBe(200);
    expect(
      await t.app.db.select().from(spaceMembers).where(eq(spaceMembers.learnerId, learner.id)),
    ).toHaveLength(1);
    expect(await mailsTo(learner.email, "space_invitation")).toHaveLength(2);
  });

  it("a sign-in link opens the account for 15 minutes, not after", async () => {
    const learner = await newLearner();
    await learnersPost(t, moderator)({ intent: "invite-space", id: learner.id });
    const before = Date.now();
    const link = await t.app.db.transaction((tx) =>
      createSignInLink(tx, BASE_URL, learner.email, { callback: "/espace", error: "/espace/connexion" }),
    );
    const rows = await t.app.db
      .select({ identifier: verifications.identifier, expiresAt: verifications.expiresAt })
      .from(verifications)
      .where(like(verifications.identifier, "magic-link:%"));
    const token = new URL(link).searchParams.get("token") ?? "";
    // Stored hashed: the token itself is nowhere in the database.
    expect(rows.some((r) => r.identifier.includes(token))).toBe(false);
    const newest = rows.map((r) => r.expiresAt.getTime()).sort((a, b) => b - a)[0] ?? 0;
    expect(newest - before).toBeGreaterThanOrEqual(15 * 60_000 - 1000);
    expect(newest - before).toBeLessThanOrEqual(15 * 60_000 + 5000);

    // Sixteen minutes later (the row's expiry moved back as the clock would have moved on).
    await t.app.database.query(
      "update verifications set expires_at = now() - interval '1 minute' where identifier like 'magic-link:%'",
    );
    const late = await follow(link);
    expect(late.location).toBe("/espace/connexion?lien=refuse");
    expect(late.cookie).toBe("");
  });

  it("the sign-in page answers the same for any address; an unknown one gets no link and no account, an invited one a link by e-mail", async () => {
    const unknown = `inconnu-${uniqueTag()}@example.test`;
    const asked = await spaceSignIn.action(
      args(formRequest("/espace/connexion", { intent: "link", email: unknown })),
    );
    expect(statusOf(asked)).toBe(200);
    expect(await bodyOf(asked)).toEqual({ intent: "link", linkRequested: true });

    const learner = await newLearner();
    await learnersPost(t, moderator)({ intent: "invite-space", id: learner.id });
    const invited = await spaceSignIn.action(
      args(formRequest("/espace/connexion", { intent: "link", email: learner.email.toUpperCase() })),
    );
    expect(await bodyOf(invited)).toEqual(await bodyOf(asked));
    // The link is made after the answer: wait for it, then check the unknown address got nothing.
    await expect.poll(async () => (await mailsTo(learner.email, "sign_in_link")).length).toBe(1);
    expect(await t.app.db.select().from(users).where(eq(users.email, unknown))).toEqual([]);
    expect(await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, unknown))).toEqual([]);
    // A staff account (no membership) gets no link either.
    await spaceSignIn.action(
      args(formRequest("/espace/connexion", { intent: "link", email: roleless.email })),
    );
    const [mail] = await mailsTo(learner.email, "sign_in_link");
    expect(mail?.subject).toBe("Votre lien de connexion");
    const signedIn = await follow(linkIn(mail?.text ?? ""));
    expect(new URL(signedIn.location, BASE_URL).pathname).toBe("/espace");
    await expect.poll(async () => (await mailsTo(roleless.email, "sign_in_link")).length).toBe(0);

    const bad = await spaceSignIn.action(
      args(formRequest("/espace/connexion", { intent: "link", email: "pas-une-adresse" })),
    );
    expect(statusOf(bad)).toBe(400);
    expect((await bodyOf(bad)).errors).toEqual({ email: "Adresse e-mail invalide" });
  });

  it("an admission invites the admitted candidate into their space, in the same transaction", async () => {
    const formation = await makeFormation(t.app.db);
    const sessionId = await newSession(t, formation.id);
    const email = `admis-${uniqueTag()}@example.test`;
    const id = await submitApplication(t, formation.slug, sessionId, { email });
    const answer = await settled(() =>
      detailsRoute.action(
        args(
          formRequest(
            `/admin/candidatures/${id}`,
            { intent: "status", id, status: "admitted" },
            moderator.cookie,
          ),
          {
            id,
          },
        ),
      ),
    );
    expect(statusOf(answer)).toBe(200);
    const [learner] = await t.app.database.query<{ id: string }>(
      "select id from learners where application_id = $1",
      [id],
    );
    const members = await t.app.db
      .select()
      .from(spaceMembers)
      .where(eq(spaceMembers.learnerId, learner?.id ?? ""));
    expect(members).toHaveLength(1);
    expect(await mailsTo(email, "space_invitation")).toHaveLength(1);
    const { location } = await follow(await lastLink(email));
    expect(new URL(location, BASE_URL).pathname).toBe("/espace");
  });

  it("a payer's contact is invited from Financeurs; a wrong address is refused in French and changes nothing", async () => {
    const payer = await makePayer(t.app.db);
    const post = (fields: Record<string, string>) =>
      settled(() => payersRoute.action(args(formRequest("/admin/financeurs", fields, moderator.cookie))));
    const bad = await post({
      intent: "invite-contact",
      id: payer.id,
      email: "non",
      firstName: "Zoé",
      lastName: "Roy",
    });
    expect(statusOf(bad)).toBe(400);
    expect((await bodyOf(bad)).errors).toMatchObject({ email: "Veuillez entrer une adresse e-mail valide" });
    expect(await t.app.db.select().from(spaceMembers).where(eq(spaceMembers.payerId, payer.id))).toEqual([]);

    const email = `contact-${uniqueTag()}@example.test`;
    const done = await post({
      intent: "invite-contact",
      id: payer.id,
      email,
      firstName: "Zoé",
      lastName: "Roy",
    });
    expect(statusOf(done)).toBe(200);
    expect(await t.app.db.select().from(spaceMembers).where(eq(spaceMembers.payerId, payer.id))).toHaveLength(
      1,
    );
    const { cookie } = await follow(await lastLink(email));
    const home = await bodyOf(await spaceHome.loader(args(getRequest("/espace", cookie))));
    expect(home).toMatchObject({ learnerFiles: [], payers: [{ payerId: payer.id, name: payer.name }] });
  });

  it("a member sets a password in their space and then signs in with it", async () => {
    const { learner, cookie } = await signedInLearner();
    const page = await bodyOf(await spacePassword.loader(args(getRequest("/espace/mot-de-passe", cookie))));
    expect(page).toEqual({ hasPassword: false });
    const short = await spacePassword.action(
      args(formRequest("/espace/mot-de-passe", { password: "123" }, cookie)),
    );
    expect(statusOf(short)).toBe(400);
    const set = await spacePassword.action(
      args(formRequest("/espace/mot-de-passe", { password: "un-mot-de-passe-sur" }, cookie)),
    );
    expect(statusOf(set)).toBe(200);
    const signIn = await settled(() =>
      spaceSignIn.action(
        args(
          formRequest("/espace/connexion", {
            intent: "signin",
            email: learner.email,
            password: "un-mot-de-passe-sur",
            redirectTo: "/espace",
          }),
        ),
      ),
    );
    expect(statusOf(signIn)).toBe(302);
    expect((signIn as Response).headers.get("location")).toBe("/espace");
    // Changing it asks for the current one.
    const noCurrent = await spacePassword.action(
      args(formRequest("/espace/mot-de-passe", { password: "encore-un-autre" }, cookie)),
    );
    expect(statusOf(noCurrent)).toBe(400);
  });

  it("a learner's file: their session, timetable, iCalendar feed, the documents sent to them (not the others), the complaint link", async () => {
    const { learner, cookie } = await signedInLearner();
    await makeSlots(t.app.db, [
      {
        sessionId: learner.sessionId,
        day: "2027-03-01",
        startMinute: 540,
        endMinute: 720,
        trainer: "Jeanne Roux",
      },
      { sessionId: learner.sessionId, day: "2027-03-02", startMinute: 540, endMinute: 720 },
    ]);
    const post = learnersPost(t, moderator);
    expect(
      statusOf(await post({ intent: "send-convocation", id: learner.id, requestKey: `c-${uniqueTag()}` })),
    ).toBe(200);
    const page = await bodyOf(
      await learnerRoute.loader(
        args(getRequest(`/espace/stagiaire/${learner.id}`, cookie), { learnerId: learner.id }),
      ),
    );
    expect(page.slots).toHaveLength(2);
    expect(page.documents).toEqual([expect.objectContaining({ kind: "convocation" })]);
    expect(page.toSign).toEqual([]);
    expect(page.attendanceLink).toBeNull();
    const [doc] = page.documents as { id: string }[];
    const file = await learnerDocumentRoute.loader(
      args(getRequest(`/espace/stagiaire/${learner.id}/documents/${doc?.id}`, cookie), {
        learnerId: learner.id,
        documentId: doc?.id ?? "",
      }),
    );
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/pdf");

    const feedUrl = new URL(page.feedUrl as string);
    const [, , , memberId, tokenIcs] = feedUrl.pathname.split("/");
    const feed = await calendarFeedRoute.loader(
      args(getRequest(feedUrl.pathname), {
        memberId: memberId ?? "",
        token: (tokenIcs ?? "").replace(/\.ics$/, ""),
      }),
    );
    expect(feed.status).toBe(200);
    const ics = await feed.text();
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(2);
    const forged = await calendarFeedRoute.loader(
      args(getRequest(feedUrl.pathname), { memberId: memberId ?? "", token: "A".repeat(43) }),
    );
    expect(forged.status).toBe(404);
  });

  it("another learner's file, document or an unknown id answers 404 to a signed-in learner, and nothing changes", async () => {
    const mine = await signedInLearner();
    const other = await signedInLearner();
    await learnersPost(
      t,
      moderator,
    )({ intent: "send-convocation", id: other.learner.id, requestKey: `c-${uniqueTag()}` });
    const [theirs] = await t.app.database.query<{ id: string }>(
      "select id from learner_documents where learner_id = $1",
      [other.learner.id],
    );
    const before = await t.app.database.query("select count(*)::int as n from learner_documents");
    for (const learnerId of [other.learner.id, "00000000-0000-4000-8000-000000000000", "pas-un-id"]) {
      const refused = await thrownBy(() =>
        learnerRoute.loader(args(getRequest(`/espace/stagiaire/${learnerId}`, mine.cookie), { learnerId })),
      );
      expect(refused.status, learnerId).toBe(404);
    }
    // Their document, through their learner id or through mine.
    for (const learnerId of [other.learner.id, mine.learner.id]) {
      const answer = await settled(() =>
        learnerDocumentRoute.loader(
          args(getRequest(`/espace/stagiaire/${learnerId}/documents/${theirs?.id}`, mine.cookie), {
            learnerId,
            documentId: theirs?.id ?? "",
          }),
        ),
      );
      expect((answer as Response).status, learnerId).toBe(404);
    }
    expect(await t.app.database.query("select count(*)::int as n from learner_documents")).toEqual(before);
  });

  describe("the walls", () => {
    const PAGES = [
      { name: "home", module: spaceHome, url: "/espace" },
      { name: "layout", module: spaceLayout, url: "/espace" },
      { name: "password", module: spacePassword, url: "/espace/mot-de-passe" },
    ] as const;
    const RECORD_PAGES = [
      { name: "learner", module: learnerRoute, url: "/espace/stagiaire/x" },
      { name: "learner document", module: learnerDocumentRoute, url: "/espace/stagiaire/x/documents/y" },
    ] as const;

    it.each(RECORD_PAGES)(
      "$url ($name): anonymous → sign-in page; an account without a space → 403",
      async ({ module, url }) => {
        const params = {
          learnerId: "00000000-0000-4000-8000-000000000000",
          documentId: "00000000-0000-4000-8000-000000000000",
        };
        const anonymous = await thrownBy(() => module.loader(args(getRequest(url), params) as never));
        expect(anonymous.status).toBe(302);
        expect(anonymous.headers.get("location")).toMatch(/^\/espace\/connexion/);
        const staff = await thrownBy(() =>
          module.loader(args(getRequest(url, roleless.cookie), params) as never),
        );
        expect(staff.status).toBe(403);
      },
    );

    it.each(PAGES)(
      "$url ($name): anonymous → sign-in page; an account without a space → 403",
      async ({ module, url }) => {
        const anonymous = await thrownBy(() => module.loader(args(getRequest(url)) as never));
        expect(anonymous.status).toBe(302);
        expect(anonymous.headers.get("location")).toMatch(/^\/espace\/connexion/);
        const staff = await thrownBy(() => module.loader(args(getRequest(url, roleless.cookie)) as never));
        expect(staff.status).toBe(403);
      },
    );

    it("the password action: anonymous → sign-in page, nothing changes", async () => {
      const anonymous = await thrownBy(() =>
        spacePassword.action(args(formRequest("/espace/mot-de-passe", { password: "un-mot-de-passe-sur" }))),
      );
      expect(anonymous.status).toBe(302);
      const staff = await thrownBy(() =>
        spacePassword.action(
          args(formRequest("/espace/mot-de-passe", { password: "un-mot-de-passe-sur" }, roleless.cookie)),
        ),
      );
      expect(staff.status).toBe(403);
    });

    it("the console refuses a space member (no staff role)", async () => {
      const { cookie } = await signedInLearner();
      const refused = await thrownBy(() => adminLayout.loader(args(getRequest("/admin", cookie)) as never));
      expect(refused.status).toBe(403);
    });
  });
});
