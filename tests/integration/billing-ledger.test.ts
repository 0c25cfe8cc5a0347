// The billing ledger on the real database: funding plans, drafts from a plan (deposit, final, hours
// attended, lines written), VAT from Paramètres, issuing and its refusals, credit notes, the printed
// document, and the learners' anonymisation beside issued invoices.
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
// The Journal's declarations (fields shown or named), registered as the server's start registers them.
import "~/boot/audit.server";
import type { Actor } from "~/features/audit/index.server";
import { auditLog } from "~/features/audit/schema.server";
import { fundingPlanSchema } from "~/features/billing/funding-plan-schema";
import {
  createCreditNote,
  createDraft,
  deleteDraft,
  ISSUED_REFUSAL,
  invoiceDocument,
  issueInvoice,
  readFundingPlan,
  readInvoice,
  saveFundingPlan,
  updateDraft,
} from "~/features/billing/index.server";
import {
  billingSettings,
  invoiceCounters,
  invoiceLines,
  invoices,
  payers,
} from "~/features/billing/schema.server";
import { anonymiseExpiredLearners } from "~/features/learners/index.server";
import { AdminInputError } from "~/platform/console/action.server";
import { addDays, parisToday } from "~/platform/dates";
import type { Db } from "~/platform/db/client.server";
import { describeCentre, makeActor, makePayer } from "../support/billing";
import { createTestDatabase, type TestDatabase } from "../support/db";
import {
  makeAttendanceEntry,
  makeFormation,
  makeLearner,
  makeSession,
  makeSlots,
  uniqueTag,
} from "../support/factories";

let database: TestDatabase;
let db: Db;
let actor: Actor;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  actor = await makeActor(db);
  await describeCentre(db);
  return () => database.close();
});

/** The French refusal a call answers (an AdminInputError's message), or 'accepted'. */
async function refusal(call: Promise<unknown>): Promise<string> {
  try {
    await call;
  } catch (error) {
    if (error instanceof AdminInputError) return error.message;
    throw error;
  }
  return "accepted";
}

/** A learner of a session (11 January – 26 March 2027) of a formation priced `price` euros. */
async function enrolledLearner(price = 2000) {
  const formation = await makeFormation(db, { title: `Assistant RH ${uniqueTag()}`, price });
  const session = await makeSession(db, {
    formationId: formation.id,
    startDate: "2027-01-11",
    endDate: "2027-03-26",
  });
  const learner = await makeLearner(db, { sessionId: session.id, firstName: "Léa", lastName: "Martin" });
  return { formation, session, learner };
}

/** A plan saved as the console posts it. */
async function planFor(
  learnerId: string,
  price: string,
  shares: { payerId: string; amount: string; subrogation?: boolean }[],
  hourlyRate = "",
) {
  const fields: Record<string, string> = { learnerId, price, hourlyRate };
  shares.forEach((share, n) => {
    fields[`shares.${n}.payerId`] = share.payerId;
    fields[`shares.${n}.amount`] = share.amount;
    if (share.subrogation) fields[`shares.${n}.subrogation`] = "on";
  });
  return saveFundingPlan(db, fundingPlanSchema.parse(fields), actor);
}

const counters = async () =>
  Object.fromEntries((await db.select().from(invoiceCounters)).map((c) => [c.key, c.lastNumber]));

const row = async (id: string) => (await db.select().from(invoices).where(eq(invoices.id, id)))[0];

const year = () => parisToday().slice(0, 4);

describe("funding plans", () => {
  it("defaults to the formation's price, converted exactly, and says nothing is covered yet", async () => {
    const { learner } = await enrolledLearner(1490.55);
    const plan = await readFundingPlan(db, learner.id);
    expect(plan).toMatchObject({
      saved: false,
      priceCents: 149_055,
      formationPriceCents: 149_055,
      shares: [],
    });
    expect(plan?.gapCents).toBe(149_055);
    expect(plan?.gapSentence).toBe(
      "Le plan couvre 0,00\u00a0€ sur 1\u202f490,55\u00a0€\u00a0: il manque 1\u202f490,55\u00a0€.",
    );
    expect(await readFundingPlan(db, crypto.randomUUID())).toBeNull();
  });

  it("saves a plan typed in euros, with the payers' names, and says what the shares leave missing", async () => {
    const { learner } = await enrolledLearner();
    const opco = await makePayer(db, { kind: "opco", name: "OPCO Atlas" });
    const employer = await makePayer(db, { name: "Boulangerie Dupont" });
    const plan = await planFor(
      learner.id,
      "2 000,00",
      [
        { payerId: opco.id, amount: "1 200", subrogation: true },
        { payerId: employer.id, amount: "400,00" },
      ],
      "45,50",
    );
    expect(plan).toMatchObject({
      saved: true,
      priceCents: 200_000,
      hourlyRateCents: 4550,
      coveredCents: 160_000,
    });
    expect(plan.shares).toEqual([
      {
        payerId: opco.id,
        payerName: "OPCO Atlas",
        payerKind: "opco",
        amountCents: 120_000,
        subrogation: true,
      },
      {
        payerId: employer.id,
        payerName: "Boulangerie Dupont",
        payerKind: "company",
        amountCents: 40_000,
        subrogation: false,
      },
    ]);
    expect(plan.gapCents).toBe(40_000);
    expect(plan.gapSentence).toBe(
      "Le plan couvre 1\u202f600,00\u00a0€ sur 2\u202f000,00\u00a0€\u00a0: il manque 400,00\u00a0€.",
    );
    const over = await planFor(learner.id, "1 000", [{ payerId: opco.id, amount: "1 200" }]);
    expect(over.gapCents).toBe(-20_000);
    expect(over.gapSentence).toBe(
      "Le plan couvre 1\u202f200,00\u00a0€ sur 1\u202f000,00\u00a0€\u00a0: les parts dépassent le prix de 200,00\u00a0€.",
    );
    const exact = await planFor(learner.id, "1200", [{ payerId: opco.id, amount: "1 200" }]);
    expect([exact.gapCents, exact.gapSentence]).toEqual([0, null]);
    const entries = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "funding_plan"), eq(auditLog.entityId, learner.id)))
      .orderBy(auditLog.createdAt);
    expect(entries.map((e) => e.action)).toEqual(["create", "update", "update"]);
  });

  it("refuses a learner or a payer that does not exist, in French, saving nothing", async () => {
    const payer = await makePayer(db);
    const input = { priceCents: 100_000, hourlyRateCents: null, shares: [] };
    expect(await refusal(saveFundingPlan(db, { ...input, learnerId: crypto.randomUUID() }, actor))).toBe(
      "Ce ou cette stagiaire n'existe plus.",
    );
    const { learner } = await enrolledLearner();
    const shares = [
      { payerId: payer.id, amountCents: 50_000, subrogation: false },
      { payerId: crypto.randomUUID(), amountCents: 50_000, subrogation: false },
    ];
    expect(await refusal(saveFundingPlan(db, { ...input, learnerId: learner.id, shares }, actor))).toBe(
      "Ce financeur n'existe plus.",
    );
    expect((await readFundingPlan(db, learner.id))?.saved).toBe(false);
  });

  it("never changes an issued invoice when saved again", async () => {
    const { learner } = await enrolledLearner();
    const payer = await makePayer(db);
    await planFor(learner.id, "2 000", [{ payerId: payer.id, amount: "2 000" }]);
    const draft = await createDraft(
      db,
      { purpose: "final", learnerId: learner.id, payerId: payer.id },
      actor,
    );
    const issued = await issueInvoice(db, draft.id, actor);
    await planFor(learner.id, "3 000", [{ payerId: payer.id, amount: "1 000" }]);
    expect(await row(issued.id)).toEqual(issued);
  });
});

describe("drafts from a plan", () => {
  it("a deposit, once issued, is deducted from the final invoice by a line naming its number", async () => {
    const { learner, formation } = await enrolledLearner();
    const payer = await makePayer(db);
    await planFor(learner.id, "2 000", [{ payerId: payer.id, amount: "1 500" }]);
    const deposit = await createDraft(
      db,
      { purpose: "deposit", learnerId: learner.id, payerId: payer.id, percentBasisPoints: 3000 },
      actor,
    );
    const read = await readInvoice(db, deposit.id);
    expect(read?.invoice).toMatchObject({
      purpose: "deposit",
      kind: "invoice",
      number: null,
      serviceStart: "2027-01-11",
      serviceEnd: "2027-03-26",
      learnerName: "Léa Martin",
      formationTitle: formation.title,
      netCents: 45_000,
      vatCents: 0,
      grossCents: 45_000,
    });
    expect(read?.invoice.buyer).toMatchObject({ name: payer.name, siren: payer.siren, kind: "company" });
    expect(read?.lines).toMatchObject([
      { label: `Acompte — ${formation.title} — Léa Martin`, quantityHundredths: 100, unitPriceCents: 45_000 },
    ]);
    const issued = await issueInvoice(db, deposit.id, actor);

    const final = await createDraft(
      db,
      { purpose: "final", learnerId: learner.id, payerId: payer.id },
      actor,
    );
    const finalRead = await readInvoice(db, final.id);
    expect(finalRead?.lines).toMatchObject([
      { label: `${formation.title} — Léa Martin`, unitPriceCents: 150_000, netCents: 150_000 },
      {
        label: `Déduction de l'acompte ${issued.number}`,
        unitPriceCents: -45_000,
        netCents: -45_000,
        deductedInvoiceId: issued.id,
      },
    ]);
    expect(finalRead?.invoice.netCents).toBe(105_000);
    // Its document refers to the deposit it deducts, by number and date (BG-3), as its XML will.
    expect((await invoiceDocument(db, final.id))?.deductedDeposits).toEqual([
      { number: issued.number, issuedOn: issued.issuedOn },
    ]);
    // A draft deposit is not deducted; an amount of the share is taken as typed.
    const second = await createDraft(
      db,
      { purpose: "deposit", learnerId: learner.id, payerId: payer.id, amountCents: 10_000 },
      actor,
    );
    expect(second.netCents).toBe(10_000);
    expect(
      await refusal(
        createDraft(
          db,
          { purpose: "deposit", learnerId: learner.id, payerId: payer.id, amountCents: 150_001 },
          actor,
        ),
      ),
    ).toBe("L'acompte (1\u202f500,01\u00a0€) dépasse la part de ce financeur (1\u202f500,00\u00a0€).");
    const stranger = await makePayer(db, { name: "Autre SARL" });
    expect(
      await refusal(
        createDraft(db, { purpose: "final", learnerId: learner.id, payerId: stranger.id }, actor),
      ),
    ).toBe(
      "Le financeur «\u202fAutre SARL\u202f» n'a pas de part dans le plan de financement de ce ou cette stagiaire\u00a0: ajoutez-la d'abord.",
    );
  });

  it("invoices the hours attended from the attendance sheets times the hourly rate, capped at the share", async () => {
    const { learner, session, formation } = await enrolledLearner();
    const opco = await makePayer(db, { kind: "opco" });
    const employer = await makePayer(db);
    await planFor(
      learner.id,
      "2 000",
      [
        { payerId: opco.id, amount: "1 800" },
        { payerId: employer.id, amount: "200" },
      ],
      "45,50",
    );
    // Three slots of 3 h 30: present, 15 minutes late, absent → 3 h 30 + 3 h 15 = 6 h 45.
    const slots = await makeSlots(db, [
      { sessionId: session.id, day: "2027-01-11" },
      { sessionId: session.id, day: "2027-01-12" },
      { sessionId: session.id, day: "2027-01-13" },
    ]);
    const [present, late, absent] = slots.map((slot) => slot.id) as [string, string, string];
    await makeAttendanceEntry(db, { slotId: present, learnerId: learner.id, status: "present" });
    await makeAttendanceEntry(db, { slotId: late, learnerId: learner.id, status: "late", lateMinutes: 15 });
    await makeAttendanceEntry(db, { slotId: absent, learnerId: learner.id, status: "absent" });

    const draft = await createDraft(
      db,
      { purpose: "attended", learnerId: learner.id, payerId: opco.id },
      actor,
    );
    const read = await readInvoice(db, draft.id);
    expect(read?.lines).toMatchObject([
      {
        label: `Heures réalisées — ${formation.title} — Léa Martin`,
        description: "6\u00a0h\u00a045 de présence émargée, au taux de 45,50\u00a0€ de l'heure",
        quantityHundredths: 675,
        unitCode: "HUR",
        unitPriceCents: 4550,
        // 6,75 × 45,50 € = 307,125 €, rounded half away from zero.
        netCents: 30_713,
      },
    ]);
    expect(read?.invoice.netCents).toBe(30_713);

    // The employer's share is 200 €: the hours are shown, and the cap brings the total to the share.
    const capped = await createDraft(
      db,
      { purpose: "attended", learnerId: learner.id, payerId: employer.id },
      actor,
    );
    const cappedRead = await readInvoice(db, capped.id);
    expect(cappedRead?.lines.map((l) => [l.quantityHundredths, l.unitPriceCents, l.netCents])).toEqual([
      [675, 4550, 30_713],
      [100, -10_713, -10_713],
    ]);
    expect(cappedRead?.lines[1]?.label).toBe(`Plafond de la prise en charge de ${employer.name}`);
    expect(capped.netCents).toBe(20_000);
  });

  it("refuses an attended invoice without an hourly rate or without any hour attended", async () => {
    const { learner } = await enrolledLearner();
    const payer = await makePayer(db);
    await planFor(learner.id, "2 000", [{ payerId: payer.id, amount: "2 000" }]);
    expect(
      await refusal(
        createDraft(db, { purpose: "attended", learnerId: learner.id, payerId: payer.id }, actor),
      ),
    ).toBe("Le plan de financement n'a pas de taux horaire\u00a0: renseignez-le pour facturer au réalisé.");
    await planFor(learner.id, "2 000", [{ payerId: payer.id, amount: "2 000" }], "40");
    expect(
      await refusal(
        createDraft(db, { purpose: "attended", learnerId: learner.id, payerId: payer.id }, actor),
      ),
    ).toBe(
      "Aucune heure de présence n'est émargée pour ce ou cette stagiaire\u00a0: il n'y a rien à facturer au réalisé.",
    );
  });

  it("charges 20 % VAT on the net total for a liable centre, none for an exempt one", async () => {
    const payer = await makePayer(db);
    const lines = [
      { label: "Module 1", quantityHundredths: 350, unitCode: "HUR" as const, unitPriceCents: 4550 },
      { label: "Module 2", quantityHundredths: 100, unitPriceCents: 123_450 },
    ];
    const period = { serviceStart: "2027-01-11", serviceEnd: "2027-01-15" };
    await describeCentre(db, { vatStatus: "liable" });
    try {
      const liable = await createDraft(db, { purpose: "custom", payerId: payer.id, lines, ...period }, actor);
      // 159,25 € + 1 234,50 € = 1 393,75 €; 20 % = 278,75 €.
      expect(liable).toMatchObject({
        vatRateBasisPoints: 2000,
        netCents: 139_375,
        vatCents: 27_875,
        grossCents: 167_250,
      });
      const issued = await issueInvoice(db, liable.id, actor);
      expect(issued).toMatchObject({ vatRateBasisPoints: 2000, vatCents: 27_875, grossCents: 167_250 });
      expect(issued.seller?.vatExempt).toBe(false);
    } finally {
      await describeCentre(db, { vatStatus: "exempt" });
    }
    const exempt = await createDraft(db, { purpose: "custom", payerId: payer.id, lines, ...period }, actor);
    expect(exempt).toMatchObject({
      vatRateBasisPoints: 0,
      netCents: 139_375,
      vatCents: 0,
      grossCents: 139_375,
    });
  });

  it("updates and deletes a draft, audited, and refuses an issued invoice in French before the database would", async () => {
    const { learner } = await enrolledLearner();
    const payer = await makePayer(db);
    const other = await makePayer(db);
    const draft = await createDraft(
      db,
      {
        purpose: "custom",
        payerId: payer.id,
        learnerId: learner.id,
        lines: [{ label: "Formation", quantityHundredths: 100, unitPriceCents: 100_000 }],
      },
      actor,
    );
    expect([draft.serviceStart, draft.serviceEnd]).toEqual(["2027-01-11", "2027-03-26"]);
    const updated = await updateDraft(
      db,
      draft.id,
      {
        payerId: other.id,
        note: "Merci de rappeler la référence.",
        serviceEnd: "2027-02-26",
        lines: [
          { label: "Formation", quantityHundredths: 200, unitPriceCents: 60_000 },
          { label: "Remise", quantityHundredths: 100, unitPriceCents: -5_000 },
        ],
      },
      actor,
    );
    expect(updated).toMatchObject({ payerId: other.id, serviceEnd: "2027-02-26", netCents: 115_000 });
    expect(updated.buyer.name).toBe(other.name);
    expect(await refusal(updateDraft(db, draft.id, { serviceStart: "2027-03-01" }, actor))).toBe(
      "La fin de la période de formation précède son début\u00a0: corrigez les dates.",
    );
    const [entry] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, draft.id), eq(auditLog.action, "update")));
    expect(entry?.details?.changes).toEqual(
      expect.arrayContaining([
        { field: "payerId" },
        { field: "serviceEnd", from: "2027-03-26", to: "2027-02-26" },
        { field: "lines" },
        { field: "total", from: "1\u202f000,00\u00a0€", to: "1\u202f150,00\u00a0€" },
      ]),
    );

    const issued = await issueInvoice(db, draft.id, actor);
    expect(await refusal(updateDraft(db, draft.id, { note: "Autre" }, actor))).toBe(ISSUED_REFUSAL);
    expect(await refusal(deleteDraft(db, draft.id, actor))).toBe(ISSUED_REFUSAL);
    expect(await row(draft.id)).toEqual(issued);

    const gone = await createDraft(
      db,
      {
        purpose: "custom",
        payerId: payer.id,
        learnerId: learner.id,
        lines: [{ label: "X", quantityHundredths: 100, unitPriceCents: 1 }],
      },
      actor,
    );
    await deleteDraft(db, gone.id, actor);
    expect(await row(gone.id)).toBeUndefined();
    expect(await db.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, gone.id))).toEqual([]);
    const actions = await db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entityId, gone.id))
      .orderBy(auditLog.createdAt);
    expect(actions.map((a) => a.action)).toEqual(["create", "delete"]);
  });
});

describe("issuing", () => {
  it("numbers, copies the seller and the buyer, dates it in Paris and audits it", async () => {
    const payer = await makePayer(db, { siret: null });
    const draft = await createDraft(
      db,
      {
        purpose: "custom",
        payerId: payer.id,
        lines: [{ label: "Formation", quantityHundredths: 100, unitPriceCents: 80_000 }],
        serviceStart: "2027-01-11",
        serviceEnd: "2027-01-12",
      },
      actor,
    );
    const before = (await counters())[year()] ?? 0;
    const issued = await issueInvoice(db, draft.id, actor);
    const rank = before + 1;
    expect(issued).toMatchObject({
      number: `F-${year()}-${String(rank).padStart(5, "0")}`,
      sequenceKey: year(),
      sequenceNumber: rank,
      issuedOn: parisToday(),
      dueOn: addDays(parisToday(), 30),
      paymentTermsDays: 30,
    });
    expect(issued.seller).toMatchObject({
      name: "Forma Rhône",
      siret: "73282932000074",
      activityNumber: "84691234569",
      vatExempt: true,
    });
    const [entry] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, draft.id), eq(auditLog.action, "issue")));
    expect(entry).toMatchObject({ entity: "invoice", actorEmail: actor.email });
    expect(entry?.details?.title).toBe(issued.number);
  });

  it("refuses what may not be issued, in French, changing nothing and using no number", async () => {
    const company = await makePayer(db, { siren: null, siret: null, name: "Sans Siren SARL" });
    const line = [{ label: "Formation", quantityHundredths: 100, unitPriceCents: 50_000 }];
    const period = { serviceStart: "2027-01-11", serviceEnd: "2027-01-12" };
    const noSiren = await createDraft(
      db,
      { purpose: "custom", payerId: company.id, lines: line, ...period },
      actor,
    );
    const payer = await makePayer(db);
    const zero = await createDraft(
      db,
      {
        purpose: "custom",
        payerId: payer.id,
        lines: [{ label: "Gratuit", quantityHundredths: 100, unitPriceCents: 0 }],
        ...period,
      },
      actor,
    );
    const [empty] = await db
      .insert(invoices)
      .values({ payerId: payer.id, ...period, buyer: (await row(zero.id))?.buyer ?? ({} as never) })
      .returning();
    const ok = await createDraft(db, { purpose: "custom", payerId: payer.id, lines: line, ...period }, actor);
    const issued = await issueInvoice(db, ok.id, actor);

    const drafts = [noSiren.id, zero.id, empty!.id, issued.id];
    const rows = await Promise.all(drafts.map(row));
    const countersBefore = await counters();

    expect(await refusal(issueInvoice(db, noSiren.id, actor))).toBe(
      "Le financeur «\u202fSans Siren SARL\u202f» (Entreprise) n'a pas de SIREN\u00a0: renseignez-le dans sa fiche avant d'émettre la facture.",
    );
    expect(await refusal(issueInvoice(db, zero.id, actor))).toBe(
      "Le total d'une facture doit être supérieur à 0\u00a0€ (il est de 0,00\u00a0€)\u00a0: corrigez ses lignes.",
    );
    expect(await refusal(issueInvoice(db, empty!.id, actor))).toBe(
      "Cette facture n'a aucune ligne\u00a0: ajoutez-en une avant de l'émettre.",
    );
    expect(await refusal(issueInvoice(db, issued.id, actor))).toBe(
      `Cette facture est déjà émise sous le numéro ${issued.number}.`,
    );
    await describeCentre(db, { siret: "", activityNumber: "" });
    try {
      expect(await refusal(issueInvoice(db, zero.id, actor))).toMatch(/^Le total/);
      const fine = await createDraft(
        db,
        { purpose: "custom", payerId: payer.id, lines: line, ...period },
        actor,
      );
      drafts.push(fine.id);
      rows.push(await row(fine.id));
      expect(await refusal(issueInvoice(db, fine.id, actor))).toBe(
        "Avant d'émettre une facture, renseignez dans Paramètres le SIRET et le numéro de déclaration d'activité du centre.",
      );
      await describeCentre(db, { name: "", street: "" });
      expect(await refusal(issueInvoice(db, fine.id, actor))).toBe(
        "Avant d'émettre une facture, renseignez dans Paramètres le nom et l'adresse (rue, code postal et ville) du centre.",
      );
    } finally {
      await describeCentre(db);
    }
    await db.update(billingSettings).set({ numberFormat: "F-{AAAA}-{NN}" }).where(eq(billingSettings.id, 1));
    try {
      expect(await refusal(issueInvoice(db, ok.id, actor))).toMatch(/^Cette facture est déjà émise/);
      expect(await refusal(issueInvoice(db, drafts.at(-1) as string, actor))).toBe(
        "Le format des numéros de facture de Paramètres › Facturation ne convient pas\u00a0: le numéro compte de 3 à 8 chiffres\u202f: écrivez de {NNN} à {NNNNNNNN}.",
      );
    } finally {
      await db
        .update(billingSettings)
        .set({ numberFormat: "F-{AAAA}-{NNNNN}" })
        .where(eq(billingSettings.id, 1));
    }

    expect(await Promise.all(drafts.map(row))).toEqual(rows);
    expect(await counters()).toEqual(countersBefore);
    // The next issue takes the next number: none was lost.
    const next = await issueInvoice(db, drafts.at(-1) as string, actor);
    expect(next.sequenceNumber).toBe((issued.sequenceNumber ?? 0) + 1);
  });
});

describe("credit notes", () => {
  async function issuedInvoice(amount = 100_000) {
    const payer = await makePayer(db);
    const draft = await createDraft(
      db,
      {
        purpose: "custom",
        payerId: payer.id,
        lines: [
          { label: "Formation", quantityHundredths: 100, unitPriceCents: amount },
          { label: "Remise", quantityHundredths: 100, unitPriceCents: -10_000 },
        ],
        serviceStart: "2027-01-11",
        serviceEnd: "2027-01-12",
      },
      actor,
    );
    return issueInvoice(db, draft.id, actor);
  }

  it("copies a whole invoice into a draft credit note, issued in the same sequence", async () => {
    const invoice = await issuedInvoice();
    const note = await createCreditNote(db, invoice.id, {}, actor);
    expect(note).toMatchObject({
      kind: "credit_note",
      creditedInvoiceId: invoice.id,
      payerId: invoice.payerId,
      number: null,
      netCents: 90_000,
      serviceStart: invoice.serviceStart,
    });
    const lines = (await readInvoice(db, note.id))?.lines ?? [];
    expect(lines.map((l) => [l.label, l.unitPriceCents])).toEqual([
      ["Formation", 100_000],
      ["Remise", -10_000],
    ]);
    const issued = await issueInvoice(db, note.id, actor);
    expect(issued.sequenceNumber).toBe((invoice.sequenceNumber ?? 0) + 1);
    const [entry] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, note.id), eq(auditLog.action, "issue")));
    expect(entry?.entity).toBe("credit_note");
    const document = await invoiceDocument(db, note.id);
    expect(document?.creditedInvoice).toEqual({ number: invoice.number, issuedOn: invoice.issuedOn });
    expect(await refusal(createCreditNote(db, invoice.id, { amountCents: 1 }, actor))).toBe(
      `La facture ${invoice.number} est déjà entièrement créditée.`,
    );
  });

  it("credits part of an invoice, never more than is left, and refuses a draft or a credit note", async () => {
    const invoice = await issuedInvoice();
    const partial = await createCreditNote(db, invoice.id, { amountCents: 30_000 }, actor);
    expect((await readInvoice(db, partial.id))?.lines).toMatchObject([
      {
        label: `Avoir partiel sur la facture ${invoice.number}`,
        unitPriceCents: 30_000,
        quantityHundredths: 100,
      },
    ]);
    // Two drafts of 60 000 each fit what is left (90 000) on their own; the second to be issued does not.
    const first = await createCreditNote(db, invoice.id, { amountCents: 60_000 }, actor);
    const second = await createCreditNote(db, invoice.id, { amountCents: 60_000 }, actor);
    await issueInvoice(db, partial.id, actor);
    await issueInvoice(db, first.id, actor);
    const before = await counters();
    expect(await refusal(issueInvoice(db, second.id, actor))).toBe(
      `Cet avoir (600,00\u00a0€) dépasse ce qui reste à créditer sur la facture ${invoice.number} (0,00\u00a0€).`,
    );
    expect(await counters()).toEqual(before);

    const other = await issuedInvoice();
    await issueInvoice(db, (await createCreditNote(db, other.id, { amountCents: 10_000 }, actor)).id, actor);
    expect(await refusal(createCreditNote(db, other.id, { amountCents: 80_001 }, actor))).toBe(
      `L'avoir (800,01\u00a0€) dépasse ce qui reste à créditer sur la facture ${other.number} (800,00\u00a0€).`,
    );
    expect(await refusal(createCreditNote(db, other.id, {}, actor))).toBe(
      `La facture ${other.number} est déjà créditée en partie\u00a0: il reste 800,00\u00a0€ à créditer, par un avoir partiel.`,
    );
    const payer = await makePayer(db);
    const draft = await createDraft(
      db,
      {
        purpose: "custom",
        payerId: payer.id,
        lines: [{ label: "F", quantityHundredths: 100, unitPriceCents: 5 }],
        serviceStart: "2027-01-11",
        serviceEnd: "2027-01-11",
      },
      actor,
    );
    expect(await refusal(createCreditNote(db, draft.id, {}, actor))).toBe(
      "Cette facture est un brouillon\u00a0: modifiez-la ou supprimez-la, un avoir ne corrige qu'une facture émise.",
    );
    expect(await refusal(createCreditNote(db, partial.id, { amountCents: 1 }, actor))).toBe(
      "Un avoir ne se corrige pas par un autre avoir.",
    );
    expect(await refusal(updateDraft(db, second.id, { payerId: payer.id }, actor))).toBe(
      "Un avoir va au financeur de la facture qu'il corrige.",
    );
  });
});

describe("the document", () => {
  it("of an issued invoice stays as issued after the payer and Paramètres change; a draft's is a preview", async () => {
    const { learner, formation } = await enrolledLearner();
    const payer = await makePayer(db, { name: "Transports Morel" });
    await planFor(learner.id, "2 000", [{ payerId: payer.id, amount: "2 000" }]);
    const draft = await createDraft(
      db,
      { purpose: "final", learnerId: learner.id, payerId: payer.id },
      actor,
    );
    const preview = await invoiceDocument(db, draft.id);
    expect(preview).toMatchObject({
      number: "BROUILLON",
      issuedOn: parisToday(),
      buyer: { name: "Transports Morel" },
      seller: { name: "Forma Rhône" },
      learnerName: "Léa Martin",
      formationTitle: formation.title,
      netCents: 200_000,
      grossCents: 200_000,
      creditedInvoice: null,
    });
    const issued = await issueInvoice(db, draft.id, actor);
    const document = await invoiceDocument(db, draft.id);
    expect(document).toMatchObject({
      kind: "invoice",
      purpose: "final",
      number: issued.number,
      issuedOn: issued.issuedOn,
      dueOn: issued.dueOn,
      seller: issued.seller,
      buyer: issued.buyer,
      lines: [{ position: 1, label: `${formation.title} — Léa Martin`, unitCode: "C62", netCents: 200_000 }],
    });

    await db.update(payers).set({ name: "Morel Logistique", city: "Vienne" }).where(eq(payers.id, payer.id));
    await describeCentre(db, { name: "Forma Isère", city: "Grenoble", vatStatus: "liable" });
    try {
      expect(await invoiceDocument(db, draft.id)).toEqual(document);
      const later = await createDraft(
        db,
        { purpose: "final", learnerId: learner.id, payerId: payer.id },
        actor,
      );
      expect(await invoiceDocument(db, later.id)).toMatchObject({
        number: "BROUILLON",
        seller: { name: "Forma Isère", city: "Grenoble", vatExempt: false },
        buyer: { name: "Morel Logistique" },
        vatRateBasisPoints: 2000,
        vatCents: 40_000,
      });
    } finally {
      await describeCentre(db);
    }
    expect(await invoiceDocument(db, crypto.randomUUID())).toBeNull();
  });
});

describe("learners' anonymisation", () => {
  it("leaves issued invoices as issued and is not stopped by them", async () => {
    const formation = await makeFormation(db, { price: 900 });
    const session = await makeSession(db, {
      formationId: formation.id,
      startDate: "2015-01-05",
      endDate: "2015-01-30",
    });
    const learner = await makeLearner(db, { sessionId: session.id, firstName: "Hugo", lastName: "Perrin" });
    const payer = await makePayer(db);
    await planFor(learner.id, "900", [{ payerId: payer.id, amount: "900" }]);
    const issued = await issueInvoice(
      db,
      (await createDraft(db, { purpose: "final", learnerId: learner.id, payerId: payer.id }, actor)).id,
      actor,
    );
    const document = await invoiceDocument(db, issued.id);
    expect(await anonymiseExpiredLearners(db, 60)).toBeGreaterThanOrEqual(1);
    expect(await row(issued.id)).toEqual(issued);
    expect(issued.learnerName).toBe("Hugo Perrin");
    expect(await invoiceDocument(db, issued.id)).toEqual(document);
    expect((await readFundingPlan(db, learner.id))?.learnerName).toBeNull();
  });
});
