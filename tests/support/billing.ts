// Billing test data on the real schema: a payer, a funding plan, an invoice with its lines (a draft,
// or issued with a number and frozen by the database from then on), a payment. Same rules as
// factories.ts: the table's own insert types, defaults the database accepts, `fields` override.
import { eq } from "drizzle-orm";
import { users } from "~/features/accounts/schema.server";
import type { Actor } from "~/features/audit/index.server";
import { invoiceTotals, lineNetCents } from "~/features/billing/invoice-totals";
import type { InvoiceBuyer, InvoiceSeller } from "~/features/billing/parties";
import {
  fundingPlans,
  fundingShares,
  invoiceLines,
  invoices,
  payers,
  payments,
} from "~/features/billing/schema.server";
import { ensureCentreSettings } from "~/features/settings/index.server";
import { centreSettings } from "~/features/settings/schema.server";
import { isValidSiren } from "~/platform/company-numbers";
import type { Db } from "~/platform/db/client.server";
import { uniqueTag } from "./factories";

type Insert<T extends { $inferInsert: unknown }> = T["$inferInsert"];

/** A valid SIREN (Luhn) made from a seed, so that two payers never share one by accident. */
export function sirenFor(seed: number): string {
  const body = String(10_000_000 + (seed % 89_999_999)).padStart(8, "0");
  const siren = [..."0123456789"].map((check) => `${body}${check}`).find(isValidSiren);
  if (!siren) throw new Error("unreachable: one check digit always fits");
  return siren;
}

let payerSeed = 1;

/** A company payer in Lyon unless `fields` say otherwise. */
export async function makePayer(db: Db, fields: Partial<Insert<typeof payers>> = {}) {
  const tag = uniqueTag();
  const [row] = await db
    .insert(payers)
    .values({
      kind: "company",
      name: `Entreprise ${tag}`,
      siren: sirenFor(payerSeed++ * 7919),
      street: "12 rue de la République",
      postalCode: "69002",
      city: "Lyon",
      invoicingEmail: `compta-${tag}@example.org`,
      ...fields,
    })
    .returning();
  if (!row) throw new Error("payer not inserted");
  return row;
}

/** The buyer as an invoice copies it from a payer. */
export function buyerOf(payer: typeof payers.$inferSelect): InvoiceBuyer {
  return {
    kind: payer.kind,
    name: payer.name,
    siren: payer.siren,
    siret: payer.siret,
    vatNumber: payer.vatNumber,
    street: payer.street,
    postalCode: payer.postalCode,
    city: payer.city,
    countryCode: payer.countryCode,
    email: payer.invoicingEmail,
    contactName: payer.contactName,
    chorusServiceCode: payer.chorusServiceCode,
  };
}

/** An exempt centre in Lyon, as an issued invoice copies it. */
export const TEST_SELLER: InvoiceSeller = {
  name: "Forma Rhône",
  legalForm: "SAS",
  shareCapital: "10 000 €",
  siret: "73282932000074",
  rcs: "RCS Lyon 732 829 320",
  activityNumber: "84691234569",
  activityRegion: "Auvergne-Rhône-Alpes",
  vatNumber: "",
  email: "contact@forma-rhone.example",
  phone: "04 72 00 00 00",
  street: "3 place Bellecour",
  postalCode: "69002",
  city: "Lyon",
  countryCode: "FR",
  vatExempt: true,
  iban: "",
  bic: "",
  latePenaltyRate: "taux d'intérêt de la BCE majoré de 10 points",
};

/** A funding plan: the learner's price and its shares. */
export async function makeFundingPlan(
  db: Db,
  learnerId: string,
  priceCents: number,
  shares: { payerId: string; amountCents: number; subrogation?: boolean }[],
) {
  await db.insert(fundingPlans).values({ learnerId, priceCents });
  if (shares.length) {
    await db
      .insert(fundingShares)
      .values(shares.map((share, position) => ({ learnerId, position, subrogation: false, ...share })));
  }
}

export interface InvoiceFields extends Partial<Insert<typeof invoices>> {
  payerId: string;
}

/**
 * A draft invoice with its lines (one line of 1 000,00 € unless given), totals summed from the lines
 * at `vatRateBasisPoints` (0 unless given).
 */
export async function makeDraftInvoice(
  db: Db,
  fields: InvoiceFields,
  lines: { label?: string; quantityHundredths?: number; unitPriceCents: number }[] = [
    { unitPriceCents: 100_000 },
  ],
) {
  const [payer] = await db.select().from(payers).where(eq(payers.id, fields.payerId));
  if (!payer) throw new Error("no such payer");
  const rows = lines.map((line, i) => {
    const quantityHundredths = line.quantityHundredths ?? 100;
    return {
      position: i + 1,
      label: line.label ?? `Formation, ligne ${i + 1}`,
      quantityHundredths,
      unitPriceCents: line.unitPriceCents,
      netCents: lineNetCents(line.unitPriceCents, quantityHundredths),
    };
  });
  const { netCents, vatCents } = invoiceTotals(rows, fields.vatRateBasisPoints ?? 0);
  const [invoice] = await db
    .insert(invoices)
    .values({
      serviceStart: "2027-01-11",
      serviceEnd: "2027-03-26",
      buyer: buyerOf(payer),
      netCents,
      vatCents,
      grossCents: netCents + vatCents,
      ...fields,
    })
    .returning();
  if (!invoice) throw new Error("invoice not inserted");
  await db.insert(invoiceLines).values(rows.map((line) => ({ ...line, invoiceId: invoice.id })));
  return invoice;
}

/**
 * An issued invoice as a test needs one in place, numbered `number` (rank `sequenceNumber` of the
 * sequence `sequenceKey`) without going through the issuing code: a draft, then its issue fields.
 */
export async function makeIssuedInvoice(
  db: Db,
  fields: InvoiceFields & { number: string; sequenceNumber: number; issuedOn: string; dueOn: string },
  lines?: { label?: string; quantityHundredths?: number; unitPriceCents: number }[],
) {
  // The seller is copied at issue only: a draft carrying one is refused (invoices_issue_complete).
  const { number, sequenceNumber, issuedOn, dueOn, seller, ...draft } = fields;
  const invoice = await makeDraftInvoice(db, draft, lines);
  const [issued] = await db
    .update(invoices)
    .set({
      number,
      sequenceKey: fields.sequenceKey ?? issuedOn.slice(0, 4),
      sequenceNumber,
      issuedAt: new Date(`${issuedOn}T10:00:00Z`),
      issuedOn,
      dueOn,
      seller: seller ?? TEST_SELLER,
    })
    .where(eq(invoices.id, invoice.id))
    .returning();
  if (!issued) throw new Error("invoice not issued");
  return issued;
}

/** A payment received against an invoice. */
export async function makePayment(db: Db, fields: Insert<typeof payments>) {
  const [row] = await db.insert(payments).values(fields).returning();
  if (!row) throw new Error("payment not inserted");
  return row;
}

/** A staff account to act as (its id is the audit log's and the invoices' author). */
export async function makeActor(db: Db): Promise<Actor> {
  const tag = uniqueTag();
  const [row] = await db
    .insert(users)
    .values({ id: `staff-${tag}`, name: `Comptable ${tag}`, email: `compta-${tag}@centre.example` })
    .returning({ id: users.id, email: users.email });
  if (!row) throw new Error("user not inserted");
  return row;
}

/**
 * Paramètres as a centre that may issue invoices describes itself (TEST_SELLER's identity, exempt from
 * VAT unless told), `fields` on top.
 */
export async function describeCentre(db: Db, fields: Partial<typeof centreSettings.$inferInsert> = {}) {
  // A test database has no row until a runtime starts on it: made as the start makes it.
  await ensureCentreSettings(db, "contact@localhost");
  await db
    .update(centreSettings)
    .set({
      name: TEST_SELLER.name,
      legalForm: TEST_SELLER.legalForm,
      shareCapital: TEST_SELLER.shareCapital,
      siret: "732 829 320 00074",
      rcs: TEST_SELLER.rcs,
      street: TEST_SELLER.street,
      postalCode: TEST_SELLER.postalCode,
      city: TEST_SELLER.city,
      email: TEST_SELLER.email,
      phone: TEST_SELLER.phone,
      activityNumber: TEST_SELLER.activityNumber,
      activityRegion: TEST_SELLER.activityRegion,
      vatStatus: "exempt",
      ...fields,
    })
    .where(eq(centreSettings.id, 1));
}
