// A company's personal space (/espace/entreprise/:payerId): its contact sees the learners their
// company funds (never another learner of the same session), their attendance and the attestations
// sent, the conventions they sign, the payer's issued invoices and sent quotes (never a draft) as PDFs,
// and accepts a sent quote still valid. Every loader and action refuses another company's contact,
// a learner, an account without a space and a signed-out visitor, and nothing changes. A demande de
// signature naming a company's contact who has no space makes their account (and the payer's space
// when they are its contact): the space's sign-in page then sends them a link.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "~/features/accounts/schema.server";
import { quotes } from "~/features/billing/schema.server";
import { learnerDocuments } from "~/features/documents/schema.server";
import { isSpaceMemberEmail } from "~/features/spaces/index.server";
import { spaceMembers } from "~/features/spaces/schema.server";
import { addDays, parisToday } from "~/platform/dates";
import { mailOutbox } from "~/platform/mail/schema.server";
import * as authApi from "~/routes/api/auth";
import * as companyRoute from "~/routes/space/company";
import * as companyDocumentRoute from "~/routes/space/company-document";
import * as companyInvoiceRoute from "~/routes/space/company-invoice";
import * as companyQuoteRoute from "~/routes/space/company-quote";
import * as spaceHome from "~/routes/space/home";
import * as spaceSignIn from "~/routes/space/sign-in";
import {
  describeCentre,
  makeActor,
  makeDraftInvoice,
  makeFundingPlan,
  makeIssuedInvoice,
  makePayer,
} from "../support/billing";
import { DRIVER } from "../support/db";
import { makeAttendanceEntry, makeFormation, makeLearner, makeSlots, uniqueTag } from "../support/factories";
import { setUpSignedIn, setUpTestApp } from "../support/fixture";
import { learnersPost, newSession, settled } from "../support/learner-documents";
import { queriesOn } from "../support/query";
import { BASE_URL, bodyOf, cookieFrom, formRequest, getRequest, statusOf } from "../support/runtime";
import { quotesOn } from "../support/space-company";
import { spaceArgs } from "../support/spaces";

const t = setUpTestApp({ FORM_RATE_LIMIT: "0" });
const moderator = setUpSignedIn(t, "moderator");
const roleless = setUpSignedIn(t, null);
const contactA = setUpSignedIn(t, null, { firstName: "Marie" });
const contactB = setUpSignedIn(t, null, { firstName: "Paul" });
const learnerAccount = setUpSignedIn(t, null, { firstName: "Léa" });
const { rows, one } = queriesOn(t);

/** Each test generates a PDF or two: seconds when the 2 shared cores are busy. */
const SLOW = { timeout: 120_000 };

const args = (request: Request, params: Record<string, string> = {}) => spaceArgs(t, request, params);
const thrownBy = (run: () => unknown) => settled(async () => run()) as Promise<Response>;

const page = (payerId: string, cookie?: string) =>
  thrownBy(() => companyRoute.loader(args(getRequest(`/espace/entreprise/${payerId}`, cookie), { payerId })));
const accept = (payerId: string, quoteId: string, cookie?: string) =>
  settled(() =>
    companyRoute.action(
      args(formRequest(`/espace/entreprise/${payerId}`, { intent: "accept-quote", quoteId }, cookie), {
        payerId,
      }),
    ),
  );
const invoiceFile = (payerId: string, invoiceId: string, cookie?: string) =>
  thrownBy(() =>
    companyInvoiceRoute.loader(
      args(getRequest(`/espace/entreprise/${payerId}/factures/${invoiceId}`, cookie), { payerId, invoiceId }),
    ),
  );
const quoteFile = (payerId: string, quoteId: string, cookie?: string) =>
  thrownBy(() =>
    companyQuoteRoute.loader(
      args(getRequest(`/espace/entreprise/${payerId}/devis/${quoteId}`, cookie), { payerId, quoteId }),
    ),
  );
const documentFile = (payerId: string, learnerId: string, documentId: string, cookie?: string) =>
  thrownBy(() =>
    companyDocumentRoute.loader(
      args(
        getRequest(`/espace/entreprise/${payerId}/stagiaires/${learnerId}/documents/${documentId}`, cookie),
        { payerId, learnerId, documentId },
      ),
    ),
  );

let invoiceSeq = 1;
const issued = (payerId: string, learnerName: string | null = null) => {
  const n = invoiceSeq++;
  return makeIssuedInvoice(t.app.db, {
    payerId,
    number: `F-SPACE-${uniqueTag()}-${n}`,
    sequenceKey: `space-${uniqueTag()}`,
    sequenceNumber: n,
    // Due ten days ago: 'En retard'.
    issuedOn: addDays(parisToday(), -40),
    dueOn: addDays(parisToday(), -10),
    learnerName,
    formationTitle: "Assistant RH",
  });
};

/**
 * One session, three learners: Léa and Karim sent by company A, Inès by company B. A's and B's
 * contacts hold their payer's space; Léa's attendance is recorded and her attestation sent; each
 * payer has an issued invoice and a sent quote, and A a draft of each.
 */
async function seed() {
  await describeCentre(t.app.db);
  const a = await makePayer(t.app.db, { name: `Entreprise A ${uniqueTag()}` });
  const b = await makePayer(t.app.db, { name: `Entreprise B ${uniqueTag()}` });
  const formation = await makeFormation(t.app.db, { title: `Assistant RH ${uniqueTag()}` });
  const sessionId = await newSession(t, formation.id);
  const lea = await makeLearner(t.app.db, { sessionId, firstName: "Léa", lastName: "Martin" });
  const karim = await makeLearner(t.app.db, { sessionId, firstName: "Karim", lastName: "Benali" });
  const ines = await makeLearner(t.app.db, { sessionId, firstName: "Inès", lastName: "Roux" });
  await makeFundingPlan(t.app.db, lea.id, 180_000, [{ payerId: a.id, amountCents: 180_000 }]);
  await makeFundingPlan(t.app.db, karim.id, 180_000, [{ payerId: a.id, amountCents: 180_000 }]);
  await makeFundingPlan(t.app.db, ines.id, 180_000, [{ payerId: b.id, amountCents: 180_000 }]);
  await t.app.db.insert(spaceMembers).values([
    { userId: contactA.userId, payerId: a.id },
    { userId: contactB.userId, payerId: b.id },
    { userId: learnerAccount.userId, learnerId: lea.id },
  ]);
  const slots = await makeSlots(t.app.db, [
    { sessionId, day: "2027-03-01", startMinute: 540, endMinute: 720 },
    { sessionId, day: "2027-03-01", startMinute: 780, endMinute: 960 },
    { sessionId, day: "2027-03-02", startMinute: 540, endMinute: 720 },
  ]);
  await makeAttendanceEntry(t.app.db, { slotId: slots[0]?.id ?? "", learnerId: lea.id, status: "present" });
  await makeAttendanceEntry(t.app.db, {
    slotId: slots[1]?.id ?? "",
    learnerId: lea.id,
    status: "late",
    lateMinutes: 30,
  });
  await makeAttendanceEntry(t.app.db, { slotId: slots[2]?.id ?? "", learnerId: lea.id, status: "absent" });
  const attestation = async (learnerId: string, sent: boolean) => {
    const [doc] = await t.app.db
      .insert(learnerDocuments)
      .values({
        learnerId,
        sessionId,
        kind: "attestation",
        fileName: `attestation-${learnerId.slice(0, 8)}.pdf`,
        pdf: Buffer.from("%PDF-1.7\n% attestation\n"),
        contentHash: uniqueTag(),
        requestKey: uniqueTag(),
        sentAt: sent ? new Date() : null,
      })
      .returning({ id: learnerDocuments.id });
    return doc?.id ?? "";
  };
  const quote = quotesOn(t);
  return {
    a,
    b,
    lea,
    karim,
    ines,
    leaAttestation: await attestation(lea.id, true),
    karimUnsent: await attestation(karim.id, false),
    inesAttestation: await attestation(ines.id, true),
    invoiceA: await issued(a.id, "Léa Martin"),
    draftInvoiceA: await makeDraftInvoice(t.app.db, { payerId: a.id }),
    invoiceB: await issued(b.id, "Inès Roux"),
    quoteA: await quote.sent(a.id, lea.id, sessionId),
    draftQuoteA: await quote.draft(a.id),
    quoteB: await quote.sent(b.id, ines.id, sessionId),
  };
}

describe(`the company's space on ${DRIVER}`, () => {
  it(
    "A's contact sees exactly A's two employees with their attendance and attestation, A's issued invoices and sent quotes, never a draft nor B's",
    SLOW,
    async () => {
      const s = await seed();
      const home = await bodyOf(await spaceHome.loader(args(getRequest("/espace", contactA.cookie))));
      expect(home.payers).toEqual([{ payerId: s.a.id, name: s.a.name }]);

      const body = await bodyOf(await page(s.a.id, contactA.cookie));
      expect(body.name).toBe(s.a.name);
      const employees = body.employees as {
        learnerId: string;
        firstName: string;
        attendedMinutes: number;
        plannedMinutes: number;
        absences: number;
        lates: number;
        slots: { status: string | null }[];
        documents: { id: string; kind: string }[];
      }[];
      expect(employees.map((e) => e.firstName).sort()).toEqual(["Karim", "Léa"]);
      expect(JSON.stringify(body)).not.toContain("Inès");
      const lea = employees.find((e) => e.learnerId === s.lea.id);
      // 3 h present, 3 h less 30 minutes late, absent the third slot: 5 h 30 of 9 h.
      expect(lea).toMatchObject({ attendedMinutes: 330, plannedMinutes: 540, absences: 1, lates: 1 });
      expect(lea?.slots.map((slot) => slot.status)).toEqual(["present", "late", "absent"]);
      expect(lea?.documents).toEqual([
        expect.objectContaining({ id: s.leaAttestation, kind: "attestation" }),
      ]);
      // Karim's attestation was generated, never sent: not the company's yet.
      expect(employees.find((e) => e.learnerId === s.karim.id)?.documents).toEqual([]);

      expect((body.invoices as { id: string }[]).map((i) => i.id)).toEqual([s.invoiceA.id]);
      expect(body.invoices).toEqual([
        expect.objectContaining({ state: "overdue", number: s.invoiceA.number }),
      ]);
      expect((body.quotes as { id: string }[]).map((q) => q.id)).toEqual([s.quoteA]);

      const pdf = await invoiceFile(s.a.id, s.invoiceA.id, contactA.cookie);
      expect(pdf.status).toBe(200);
      expect(pdf.headers.get("content-type")).toBe("application/pdf");
      expect(pdf.headers.get("content-disposition")).toContain(`${s.invoiceA.number}.pdf`);
      const quotePdf = await quoteFile(s.a.id, s.quoteA, contactA.cookie);
      expect(quotePdf.status).toBe(200);
      expect(quotePdf.headers.get("content-type")).toBe("application/pdf");
      const attestation = await documentFile(s.a.id, s.lea.id, s.leaAttestation, contactA.cookie);
      expect(attestation.status).toBe(200);

      // Drafts, B's records and a learner B funds: 404 through A's space.
      for (const refused of [
        await invoiceFile(s.a.id, s.draftInvoiceA.id, contactA.cookie),
        await invoiceFile(s.a.id, s.invoiceB.id, contactA.cookie),
        await quoteFile(s.a.id, s.draftQuoteA, contactA.cookie),
        await quoteFile(s.a.id, s.quoteB, contactA.cookie),
        await documentFile(s.a.id, s.ines.id, s.inesAttestation, contactA.cookie),
        await documentFile(s.a.id, s.lea.id, s.inesAttestation, contactA.cookie),
        await documentFile(s.a.id, s.karim.id, s.karimUnsent, contactA.cookie),
      ]) {
        expect(refused.status).toBe(404);
      }
    },
  );

  it(
    "'Accepter': A's own sent quote, once, in the contact's name in the audit log; B's, a draft or an expired one are refused and nothing changes",
    SLOW,
    async () => {
      const s = await seed();
      const stateOf = async (id: string) =>
        (await t.app.db.select({ state: quotes.state }).from(quotes).where(eq(quotes.id, id)))[0]?.state;

      // B's quote through A's page, a draft, a malformed id: 404, unchanged.
      for (const quoteId of [s.quoteB, s.draftQuoteA, "pas-un-id"]) {
        expect(statusOf(await accept(s.a.id, quoteId, contactA.cookie)), quoteId).toBe(404);
      }
      expect(await stateOf(s.quoteB)).toBe("sent");
      expect(await stateOf(s.draftQuoteA)).toBe("draft");

      const done = await accept(s.a.id, s.quoteA, contactA.cookie);
      expect(statusOf(done)).toBe(200);
      expect(await stateOf(s.quoteA)).toBe("accepted");
      const [row] = await t.app.db.select().from(quotes).where(eq(quotes.id, s.quoteA));
      expect(row?.answeredBy).toBe("contact");
      const audited = await rows<{ actor_id: string; action: string }>(
        "select actor_id, action from audit_log where entity = 'quote' and entity_id = $1 and action = 'status'",
        [s.quoteA],
      );
      expect(audited).toEqual([{ actor_id: contactA.userId, action: "status" }]);

      const again = await accept(s.a.id, s.quoteA, contactA.cookie);
      expect(statusOf(again)).toBe(409);
      expect(await bodyOf(again)).toMatchObject({ error: "Ce devis est déjà accepté." });

      // A quote past its validity: refused in French.
      const expired = await quotesOn(t).sent(s.a.id, s.karim.id, null);
      await t.app.database.query("update quotes set valid_until = $1 where id = $2", [
        addDays(parisToday(), -1),
        expired,
      ]);
      const late = await accept(s.a.id, expired, contactA.cookie);
      expect(statusOf(late)).toBe(409);
      expect((await bodyOf(late)).error).toMatch(/^Ce devis n'est plus valable depuis le /);
      expect(await stateOf(expired)).toBe("sent");
    },
  );

  describe("the walls", () => {
    it(
      "every loader and the action: signed out → sign-in page; no space → 403; B's contact and a learner → 404; nothing changes",
      SLOW,
      async () => {
        const s = await seed();
        const visits = [
          (cookie?: string) => page(s.a.id, cookie),
          (cookie?: string) => invoiceFile(s.a.id, s.invoiceA.id, cookie),
          (cookie?: string) => quoteFile(s.a.id, s.quoteA, cookie),
          (cookie?: string) => documentFile(s.a.id, s.lea.id, s.leaAttestation, cookie),
          async (cookie?: string) => (await accept(s.a.id, s.quoteA, cookie)) as Response,
        ];
        for (const [n, visit] of visits.entries()) {
          const anonymous = await visit();
          expect(anonymous.status, `visit ${n}`).toBe(302);
          expect(anonymous.headers.get("location"), `visit ${n}`).toMatch(
            /^\/espace\/connexion\?redirectTo=/,
          );
          expect((await visit(roleless.cookie)).status, `visit ${n}`).toBe(403);
          expect((await visit(contactB.cookie)).status, `visit ${n}`).toBe(404);
          expect((await visit(learnerAccount.cookie)).status, `visit ${n}`).toBe(404);
        }
        const [quote] = await t.app.db.select().from(quotes).where(eq(quotes.id, s.quoteA));
        expect(quote?.state).toBe("sent");
        expect(
          await rows(
            "select id from audit_log where entity = 'quote' and entity_id = $1 and action = 'status'",
            [s.quoteA],
          ),
        ).toEqual([]);
      },
    );
  });

  describe("outside signers", () => {
    const post = learnersPost(t, moderator);

    /** A learner of a session whose convention names `contactEmail`, sent; its request's id. */
    async function conventionAskedOf(payerId: string | null, contactEmail: string) {
      const formation = await makeFormation(t.app.db);
      const sessionId = await newSession(t, formation.id);
      const learner = await makeLearner(t.app.db, {
        sessionId,
        fundingSource: "opco",
        payerName: "Boulangerie Dupain",
        payerAddress: "3 place du Marché, 69002 Lyon",
        payerContactName: "Sophie Dupain",
        payerContactEmail: contactEmail,
      });
      if (payerId) {
        await makeFundingPlan(t.app.db, learner.id, 180_000, [{ payerId, amountCents: 180_000 }]);
      }
      expect(
        await post({ intent: "send-agreement", id: learner.id, requestKey: `conv-${uniqueTag()}` }),
      ).toMatchObject({ data: { ok: true } });
      const { id: documentId } = await one<{ id: string }>(
        "select id from learner_documents where learner_id = $1 and kind = 'convention'",
        [learner.id],
      );
      expect(await post({ intent: "request-signature", documentId })).toMatchObject({ data: { ok: true } });
      const { id } = await one<{ id: string }>(
        "select id from signature_requests where document_id = $1 and state = 'pending'",
        [documentId],
      );
      return { learner, requestId: id };
    }

    it(
      "the payer's contact named by a convention's request gets an account and the payer's space; the sign-in page sends them a link that leads to the signing page",
      SLOW,
      async () => {
        const contact = `RH-${uniqueTag()}@dupain.test`;
        const payer = await makePayer(t.app.db, { invoicingEmail: contact.toLowerCase() });
        const { requestId } = await conventionAskedOf(payer.id, contact);

        const [account] = await t.app.db.select().from(users).where(eq(users.email, contact.toLowerCase()));
        expect(account).toMatchObject({ emailVerified: false, firstName: "Sophie", lastName: "Dupain" });
        const members = await t.app.db
          .select()
          .from(spaceMembers)
          .where(and(eq(spaceMembers.userId, account?.id ?? ""), eq(spaceMembers.payerId, payer.id)));
        expect(members).toHaveLength(1);
        expect(
          await rows("select action from audit_log where entity = 'space_member' and entity_id = $1", [
            members[0]?.id,
          ]),
        ).toEqual([{ action: "invite" }]);

        // The signing link, signed out, leads to the space's sign-in page; the address gets a link there.
        const signing = `/espace/signatures/${requestId}`;
        expect(await isSpaceMemberEmail(t.app.db, contact)).toBe(true);
        await spaceSignIn.action(
          args(formRequest("/espace/connexion", { intent: "link", email: contact, redirectTo: signing })),
        );
        const links = async () =>
          (
            await t.app.db
              .select({ text: mailOutbox.text })
              .from(mailOutbox)
              .where(and(eq(mailOutbox.to, contact.toLowerCase()), eq(mailOutbox.kind, "sign_in_link")))
          ).map((m) => m.text.includes(encodeURIComponent(signing)));
        // The link is made after the page's answer: wait for it.
        await expect.poll(links).toEqual([true]);
        const [mail] = await t.app.db
          .select({ text: mailOutbox.text })
          .from(mailOutbox)
          .where(and(eq(mailOutbox.to, contact.toLowerCase()), eq(mailOutbox.kind, "sign_in_link")));
        const link = /http:\/\/localhost:3000\/api\/auth\/magic-link\/verify\?[^\s"<>]+/.exec(
          mail?.text ?? "",
        )?.[0];
        const opened = await authApi.loader(args(getRequest((link ?? "").replace(BASE_URL, ""))));
        expect(new URL(opened.headers.get("location") ?? "", BASE_URL).pathname).toBe(signing);
        // Signed in, their address proved: the company's page lists the convention to sign.
        const body = await bodyOf(await page(payer.id, cookieFrom(opened)));
        expect(body.signatures).toEqual([
          expect.objectContaining({ requestId, state: "pending", signedAt: null, path: signing }),
        ]);
      },
    );

    it(
      "a signer tied to no payer: an account, no space, and a sign-in link only while their signature is awaited",
      SLOW,
      async () => {
        const contact = `signataire-${uniqueTag()}@ailleurs.test`;
        const { requestId } = await conventionAskedOf(null, contact);
        const [account] = await t.app.db.select().from(users).where(eq(users.email, contact));
        expect(account).toBeDefined();
        expect(
          await t.app.db
            .select()
            .from(spaceMembers)
            .where(eq(spaceMembers.userId, account?.id ?? "")),
        ).toEqual([]);
        expect(await isSpaceMemberEmail(t.app.db, contact)).toBe(true);
        const staff = await makeActor(t.app.db);
        await t.app.database.query(
          "update signature_requests set state = 'cancelled', cancelled_at = now(), cancelled_by = $2 where id = $1",
          [requestId, staff.id],
        );
        expect(await isSpaceMemberEmail(t.app.db, contact)).toBe(false);
      },
    );
  });
});
