// The money's console screens through their route modules, as the browser posts them: a learner's
// Financement (the plan from its form fields, a draft from a payer's share), an invoice's page (a
// draft's lines, issuing under invoices:issue, a credit note, no deletion once issued), a quote's
// page (saved, sent with its e-mail, accepted under the staff member's name). Each test makes its own
// learner and payers, so any one of them runs alone.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { readFundingPlan, readInvoice } from "~/features/billing/index.server";
import { invoices, quotes } from "~/features/billing/schema.server";
import { parisToday } from "~/platform/dates";
import { mailOutbox } from "~/platform/mail/schema.server";
import * as invoiceRoute from "~/routes/admin/invoice";
import * as invoicePdfRoute from "~/routes/admin/invoice-pdf";
import * as invoicesRoute from "~/routes/admin/invoices";
import * as fundingRoute from "~/routes/admin/learner-funding";
import * as quoteRoute from "~/routes/admin/quote";
import { describeCentre, makeFundingPlan, makePayer, sirenFor } from "../support/billing";
import { DRIVER } from "../support/db";
import { makeFormation, makeLearner, makeSession, uniqueTag } from "../support/factories";
import { setUpSignedIn, setUpTestApp } from "../support/fixture";
import { bodyOf, formRequest, getRequest, routeArgs, statusOf } from "../support/runtime";

const t = setUpTestApp();
const admin = setUpSignedIn(t, "admin");
const moderator = setUpSignedIn(t, "moderator");

type RouteModule = { action: (args: never) => unknown; loader: (args: never) => unknown };

const post = (
  route: RouteModule,
  path: string,
  fields: Record<string, string>,
  params: Record<string, string> = {},
  cookie = admin.cookie,
) => Promise.resolve(route.action(routeArgs(t, formRequest(path, fields, cookie), params)));

const load = (
  route: Pick<RouteModule, "loader">,
  path: string,
  params: Record<string, string>,
  cookie = admin.cookie,
) => Promise.resolve(route.loader(routeArgs(t, getRequest(path, cookie), params)));

/** A learner of a session (11 January – 26 March 2027) of a formation at 2 000 €, and two payers. */
async function learnerWithPayers() {
  const db = t.app.db;
  await describeCentre(db);
  const formation = await makeFormation(db, { title: `Assistant RH ${uniqueTag()}`, price: 2000 });
  const session = await makeSession(db, {
    formationId: formation.id,
    startDate: "2027-01-11",
    endDate: "2027-03-26",
  });
  const learner = await makeLearner(db, { sessionId: session.id, firstName: "Léa", lastName: "Martin" });
  const opco = await makePayer(db, { kind: "opco", name: `OPCO Atlas ${uniqueTag()}` });
  const employer = await makePayer(db, { name: `Boulangerie ${uniqueTag()}`, siren: sirenFor(Date.now()) });
  return { learner, opco, employer, fundingPath: `/admin/stagiaires/${learner.id}/financement` };
}

/** The invoice id of a redirect to an invoice's page (a draft just made). */
function openedId(result: unknown, base: string): string {
  expect(result).toBeInstanceOf(Response);
  const response = result as Response;
  expect(response.status).toBe(302);
  const location = response.headers.get("location") ?? "";
  expect(location).toMatch(new RegExp(`^${base}/[0-9a-f-]{36}$`));
  return location.slice(base.length + 1);
}

/** A learner whose plan shares 2 000 € between the OPCO (1 600 €) and the employer (400 €). */
async function learnerWithPlan() {
  const made = await learnerWithPayers();
  await makeFundingPlan(t.app.db, made.learner.id, 200_000, [
    { payerId: made.opco.id, amountCents: 160_000, subrogation: true },
    { payerId: made.employer.id, amountCents: 40_000 },
  ]);
  return made;
}

/** The OPCO's final invoice drafted through the page's intent. */
async function finalDraft(made: Awaited<ReturnType<typeof learnerWithPlan>>) {
  const result = await post(fundingRoute, made.fundingPath, {
    intent: "draft",
    purpose: "final",
    learnerId: made.learner.id,
    payerId: made.opco.id,
  });
  return openedId(result, "/admin/factures");
}

/** A quote of 2 000 € for the learner, to the employer, saved as 'Nouveau devis' posts it, then opened. */
async function savedQuote(made: Awaited<ReturnType<typeof learnerWithPayers>>) {
  const created = await post(
    quoteRoute,
    "/admin/devis/nouveau",
    {
      intent: "save",
      learnerId: made.learner.id,
      payerId: made.employer.id,
      title: "Assistant RH, session de janvier 2027",
      validUntil: "2099-12-31",
      "lines.0.label": "Formation Assistant RH",
      "lines.0.quantity": "1",
      "lines.0.unitCode": "C62",
      "lines.0.unitPrice": "2 000",
    },
    { id: "nouveau" },
  );
  return openedId(created, "/admin/devis");
}

async function issued(id: string) {
  const result = await post(invoiceRoute, `/admin/factures/${id}`, { intent: "issue", id }, { id });
  expect(statusOf(result), JSON.stringify(await bodyOf(result))).toBe(200);
  const read = await readInvoice(t.app.db, id);
  return read?.invoice.number ?? "";
}

describe(`the money's console screens on ${DRIVER}`, () => {
  it("Financement shows the formation's price until a plan is saved, then saves one with two shares from the form fields", async () => {
    const made = await learnerWithPayers();
    const params = { id: made.learner.id };
    const before = (await load(fundingRoute, made.fundingPath, params)) as {
      page: { plan: { saved: boolean; priceCents: number }; payers: { id: string }[] };
    };
    expect(before.page.plan).toMatchObject({ saved: false, priceCents: 200_000 });
    expect(before.page.payers.map((p) => p.id)).toEqual(
      expect.arrayContaining([made.opco.id, made.employer.id]),
    );

    const result = await post(
      fundingRoute,
      made.fundingPath,
      {
        intent: "save-plan",
        learnerId: made.learner.id,
        price: "2 000",
        hourlyRate: "",
        "shares.0.payerId": made.opco.id,
        "shares.0.amount": "1 600",
        "shares.0.subrogation": "on",
        "shares.1.payerId": made.employer.id,
        "shares.1.amount": "300",
      },
      params,
    );
    expect(statusOf(result)).toBe(200);
    const plan = await readFundingPlan(t.app.db, made.learner.id);
    expect(plan).toMatchObject({ saved: true, priceCents: 200_000, hourlyRateCents: null });
    expect(
      plan?.shares.map(({ payerId, amountCents, subrogation }) => ({ payerId, amountCents, subrogation })),
    ).toEqual([
      { payerId: made.opco.id, amountCents: 160_000, subrogation: true },
      { payerId: made.employer.id, amountCents: 30_000, subrogation: false },
    ]);
    expect(plan?.gapSentence).toBe(
      "Le plan couvre 1\u202f900,00\u00a0€ sur 2\u202f000,00\u00a0€\u00a0: il manque 100,00\u00a0€.",
    );

    // A share without an amount: the French message on its field, nothing saved.
    const refused = await post(
      fundingRoute,
      made.fundingPath,
      {
        intent: "save-plan",
        learnerId: made.learner.id,
        price: "2 000",
        "shares.0.payerId": made.opco.id,
        "shares.0.amount": "mille",
      },
      params,
    );
    expect(statusOf(refused)).toBe(400);
    expect((await bodyOf(refused)).errors).toEqual({
      "shares.0.amount": "Indiquez un montant en euros, par exemple 1 234,50",
    });
    expect((await readFundingPlan(t.app.db, made.learner.id))?.shares).toHaveLength(2);
  });

  it("'Facture d'acompte' drafts 30 % of the payer's share and opens the draft; a share the plan lacks is refused in French", async () => {
    const made = await learnerWithPlan();
    const result = await post(fundingRoute, made.fundingPath, {
      intent: "draft",
      purpose: "deposit",
      learnerId: made.learner.id,
      payerId: made.opco.id,
      depositPercent: "30",
    });
    const id = openedId(result, "/admin/factures");
    const draft = await readInvoice(t.app.db, id);
    expect(draft?.invoice).toMatchObject({
      purpose: "deposit",
      payerId: made.opco.id,
      number: null,
      netCents: 48_000,
    });

    const stranger = await makePayer(t.app.db);
    const refused = await post(fundingRoute, made.fundingPath, {
      intent: "draft",
      purpose: "final",
      learnerId: made.learner.id,
      payerId: stranger.id,
    });
    expect(statusOf(refused)).toBe(400);
    expect((await bodyOf(refused)).toast).toMatchObject({
      title: "Brouillon non créé",
      description: expect.stringContaining("n'a pas de part dans le plan de financement"),
    });
  });

  it("a draft's line is edited from the invoice page's form, its totals computed again", async () => {
    const made = await learnerWithPlan();
    const id = await finalDraft(made);
    const path = `/admin/factures/${id}`;
    const result = await post(
      invoiceRoute,
      path,
      {
        intent: "update",
        id,
        payerId: made.opco.id,
        serviceStart: "2027-01-11",
        serviceEnd: "2027-03-26",
        note: "Convention n° 42",
        "lines.0.label": "Formation Assistant RH",
        "lines.0.description": "Part de l'OPCO",
        "lines.0.quantity": "2",
        "lines.0.unitCode": "C62",
        "lines.0.unitPrice": "750,50",
      },
      { id },
    );
    expect(statusOf(result)).toBe(200);
    const read = await readInvoice(t.app.db, id);
    expect(read?.lines.map((l) => [l.label, l.quantityHundredths, l.unitPriceCents, l.netCents])).toEqual([
      ["Formation Assistant RH", 200, 75_050, 150_100],
    ]);
    expect(read?.invoice).toMatchObject({ netCents: 150_100, note: "Convention n° 42" });

    const bad = await post(
      invoiceRoute,
      path,
      { intent: "update", id, "lines.0.label": "", "lines.0.unitPrice": "beaucoup" },
      { id },
    );
    expect(statusOf(bad)).toBe(400);
    expect((await bodyOf(bad)).errors).toMatchObject({
      "lines.0.label": "Ce champ est obligatoire",
      "lines.0.unitPrice": "Indiquez un prix en euros, par exemple 1 234,50 (ou -150 pour une remise)",
    });
  });

  it("issuing is refused to a moderator (403) and numbers the draft for an administrator; an issued invoice is never deleted", async () => {
    const made = await learnerWithPlan();
    const id = await finalDraft(made);
    const path = `/admin/factures/${id}`;
    await expect(
      post(invoiceRoute, path, { intent: "issue", id }, { id }, moderator.cookie),
    ).rejects.toMatchObject({
      status: 403,
    });
    expect((await readInvoice(t.app.db, id))?.invoice.number).toBeNull();

    const number = await issued(id);
    expect(number).toMatch(/^F-\d{4}-\d{5}$/);

    const page = (await load(invoiceRoute, path, { id })) as {
      page: { invoice: { number: string }; state: string };
    };
    expect(page.page).toMatchObject({ invoice: { number }, state: "issued" });

    // 'Télécharger (PDF)': the Factur-X PDF under the invoice's number.
    const pdf = (await load(invoicePdfRoute, `${path}/pdf`, { id })) as Response;
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.headers.get("content-disposition")).toBe(`attachment; filename="${number}.pdf"`);
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");

    const deletion = await post(invoiceRoute, path, { intent: "delete", id }, { id });
    expect(statusOf(deletion)).toBe(400);
    expect((await bodyOf(deletion)).toast).toMatchObject({
      title: "Brouillon non supprimé",
      description:
        "Cette facture est émise\u00a0: elle ne peut plus être modifiée. Pour la corriger, créez un avoir.",
    });
    const [still] = await t.app.db.select().from(invoices).where(eq(invoices.id, id));
    expect(still?.number).toBe(number);
  });

  it("'Créer un avoir' drafts a partial credit note of an issued invoice and opens it; issued, it says what it corrects", async () => {
    const made = await learnerWithPlan();
    const id = await finalDraft(made);
    const number = await issued(id);
    const result = await post(
      invoiceRoute,
      `/admin/factures/${id}`,
      { intent: "credit-note", invoiceId: id, mode: "partial", amount: "500", note: "Deux jours annulés" },
      { id },
    );
    const creditId = openedId(result, "/admin/factures");
    const credit = await readInvoice(t.app.db, creditId);
    expect(credit?.invoice).toMatchObject({
      kind: "credit_note",
      creditedInvoiceId: id,
      payerId: made.opco.id,
      netCents: 50_000,
      number: null,
    });
    const creditNumber = await issued(creditId);
    const page = (await load(invoiceRoute, `/admin/factures/${creditId}`, { id: creditId })) as {
      page: { credited: { id: string; number: string } };
    };
    expect(page.page.credited).toEqual({ id, number });
    const invoicePage = (await load(invoiceRoute, `/admin/factures/${id}`, { id })) as {
      page: { creditNotes: { number: string }[]; creditableCents: number };
    };
    expect(invoicePage.page.creditNotes.map((c) => c.number)).toEqual([creditNumber]);
    expect(invoicePage.page.creditableCents).toBe(110_000);

    // More than is left: refused in French on the amount, no draft made.
    const tooMuch = await post(
      invoiceRoute,
      `/admin/factures/${id}`,
      { intent: "credit-note", invoiceId: id, mode: "partial", amount: "2 000" },
      { id },
    );
    expect(statusOf(tooMuch)).toBe(400);
    expect((await bodyOf(tooMuch)).errors).toMatchObject({
      amount: expect.stringContaining("dépasse ce qui reste à créditer"),
    });
  });

  it("a payment is recorded from the invoice page (administrators), the Factures list and the Financement read its state", async () => {
    const made = await learnerWithPlan();
    const id = await finalDraft(made);
    const number = await issued(id);
    const path = `/admin/factures/${id}`;
    const payment = {
      intent: "payment",
      invoiceId: id,
      receivedOn: parisToday(),
      amount: "600",
      means: "transfer",
      reference: "VIR OPCO 42",
    };
    await expect(post(invoiceRoute, path, payment, { id }, moderator.cookie)).rejects.toMatchObject({
      status: 403,
    });
    const tooMuch = await post(invoiceRoute, path, { ...payment, amount: "1 600,01" }, { id });
    expect(statusOf(tooMuch)).toBe(400);
    expect((await bodyOf(tooMuch)).errors).toEqual({
      amount: "Le règlement dépasse le reste à payer (1\u202f600,00\u00a0€).",
    });
    expect(statusOf(await post(invoiceRoute, path, payment, { id }))).toBe(200);

    const page = (await load(invoiceRoute, path, { id })) as {
      page: {
        state: string;
        paidCents: number;
        leftCents: number;
        payments: { id: string; amountCents: number }[];
      };
    };
    expect(page.page).toMatchObject({ state: "partly_paid", paidCents: 60_000, leftCents: 100_000 });
    expect(page.page.payments.map((p) => p.amountCents)).toEqual([60_000]);

    const list = (await load(invoicesRoute, `/admin/factures?etat=partly_paid&q=${number}`, {})) as {
      invoices: { id: string; number: string; leftCents: number; state: string }[];
    };
    expect(list.invoices.map((i) => [i.number, i.leftCents, i.state])).toEqual([
      [number, 100_000, "partly_paid"],
    ]);
    const funding = (await load(fundingRoute, made.fundingPath, { id: made.learner.id })) as {
      page: { invoices: { number: string | null; state: string }[] };
    };
    expect(funding.page.invoices.map((i) => [i.number, i.state])).toEqual([[number, "partly_paid"]]);

    const [recorded] = page.page.payments;
    const removed = await post(
      invoiceRoute,
      path,
      { intent: "remove-payment", id: recorded?.id ?? "" },
      { id },
    );
    expect(statusOf(removed)).toBe(200);
    const after = (await load(invoiceRoute, path, { id })) as { page: { state: string } };
    expect(after.page.state).toBe("issued");
  });

  it("a quote is saved, sent (numbered, e-mailed) and its acceptance recorded under the staff member's name", async () => {
    const made = await learnerWithPayers();
    const id = await savedQuote(made);
    const path = `/admin/devis/${id}`;

    const sent = await post(quoteRoute, path, { intent: "send", id }, { id });
    expect(statusOf(sent)).toBe(200);
    const { toast } = await bodyOf(sent);
    expect(toast).toMatchObject({ title: expect.stringMatching(/^Devis D-\d{4}-\d{4} envoyé à compta-/) });
    const mails = await t.app.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, "quote"), eq(mailOutbox.to, made.employer.invoicingEmail)));
    expect(mails).toHaveLength(1);

    // Refused to no one with invoices:write; a moderator records the answer, under their name.
    const accepted = await post(quoteRoute, path, { intent: "accept", id }, { id }, moderator.cookie);
    expect(statusOf(accepted)).toBe(200);
    const [quote] = await t.app.db.select().from(quotes).where(eq(quotes.id, id));
    expect(quote).toMatchObject({ state: "accepted", answeredBy: "Camille Test" });
    const plan = await readFundingPlan(t.app.db, made.learner.id);
    expect(plan?.shares).toMatchObject([{ payerId: made.employer.id, amountCents: 200_000 }]);

    const again = await post(quoteRoute, path, { intent: "refuse", id }, { id });
    expect(statusOf(again)).toBe(400);
    expect((await bodyOf(again)).toast).toMatchObject({ description: "Ce devis est déjà accepté." });
    const deletion = await post(quoteRoute, path, { intent: "delete", id }, { id });
    expect(statusOf(deletion)).toBe(400);
  });

  it("deleting a draft invoice or a draft quote goes back to its learner's Financement with the toast", async () => {
    const made = await learnerWithPlan();
    const invoiceId = await finalDraft(made);
    const deleted = (await post(
      invoiceRoute,
      `/admin/factures/${invoiceId}`,
      { intent: "delete", id: invoiceId },
      { id: invoiceId },
    )) as Response;
    expect(deleted.status).toBe(302);
    expect(deleted.headers.get("location")).toBe(made.fundingPath);
    expect(await t.app.db.select().from(invoices).where(eq(invoices.id, invoiceId))).toEqual([]);
    const quoteId = await savedQuote(made);
    const gone = (await post(
      quoteRoute,
      `/admin/devis/${quoteId}`,
      { intent: "delete", id: quoteId },
      { id: quoteId },
    )) as Response;
    expect(gone.status).toBe(302);
    expect(gone.headers.get("location")).toBe(made.fundingPath);
    expect(await t.app.db.select().from(quotes).where(eq(quotes.id, quoteId))).toEqual([]);
  });

  it("a draft's 'Aperçu (PDF)' opens in the browser; a moderator may read it", async () => {
    const made = await learnerWithPlan();
    const id = await finalDraft(made);
    const pdf = (await load(
      invoicePdfRoute,
      `/admin/factures/${id}/pdf`,
      { id },
      moderator.cookie,
    )) as Response;
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-disposition")).toBe(`inline; filename="Brouillon-${id.slice(0, 8)}.pdf"`);
    const unknown = "00000000-0000-4000-8000-000000000000";
    const missing = (await load(invoicePdfRoute, `/admin/factures/${unknown}/pdf`, {
      id: unknown,
    })) as Response;
    expect(missing.status).toBe(404);
  });

  it("an invoice or a quote that does not exist is a 404, an id that is not one too", async () => {
    const unknown = "00000000-0000-4000-8000-000000000000";
    await expect(load(invoiceRoute, `/admin/factures/${unknown}`, { id: unknown })).rejects.toMatchObject({
      init: { status: 404 },
    });
    await expect(load(quoteRoute, "/admin/devis/abc", { id: "abc" })).rejects.toMatchObject({
      init: { status: 404 },
    });
  });
});
