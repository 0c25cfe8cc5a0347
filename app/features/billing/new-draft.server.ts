/**
 * A new draft invoice (createDraft): from a learner's funding plan for one of its payers (a deposit,
 * the final invoice that deducts the deposits, the hours attended) or written line by line. The lines
 * each purpose gives are computed here; storing the draft and its audit is drafts.server.ts's.
 */
import { and, asc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { attendedMinutes } from "~/features/attendance/index.server";
import type { Actor } from "~/features/audit/index.server";
import { AdminInputError } from "~/platform/console/action.server";
import type { Db } from "~/platform/db/client.server";
import { formatCents, rateOf } from "~/platform/money";
import { contextOf, insertDraft, lineNetCentsOf, payerOf } from "./drafts.server";
import { LEARNER_GONE, payerShare } from "./funding-plans.server";
import type { DraftLineInput, DraftRequest } from "./invoice-schema";
import { lineNetCents } from "./invoice-totals";
import type { LearnerContext } from "./learner-context.server";
import { type Invoice, invoices, type Payer } from "./schema.server";

/* ------------------------------------------------------------------------------------------------
 * The lines a funding plan gives each purpose.
 * --------------------------------------------------------------------------------------------- */

/** '<formation> — <learner>', or the formation alone once the learner is anonymised. */
const trainingOf = (context: LearnerContext) =>
  [context.formationTitle, context.learnerName].filter(Boolean).join(" — ");

/** '6 h 45', a duration as French writes it (no-break spaces: it never breaks inside). */
export function formatDuration(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest ? `${hours}\u00a0h\u00a0${String(rest).padStart(2, "0")}` : `${hours}\u00a0h`;
}

/**
 * Minutes in hundredths of an hour, rounded half up on integers: 405 min → 675 (6,75 h) exactly;
 * a duration that is not a multiple of 36 seconds (20 min → 33,33 h/100) moves by less than 18
 * seconds, the precision an invoice's quantity (two decimals) allows.
 */
export const minutesToHundredths = (minutes: number) => Math.floor((minutes * 100 + 30) / 60);

/**
 * One negative line per issued deposit of this payer for this learner, naming its number
 * (deductedInvoiceId), less what credit notes already took back from it: the VAT of a final invoice
 * is then charged once, on what is left.
 */
async function depositDeductions(db: Db, learnerId: string, payerId: string): Promise<DraftLineInput[]> {
  const deposits = await db
    .select({ id: invoices.id, number: invoices.number, netCents: invoices.netCents })
    .from(invoices)
    .where(
      and(
        eq(invoices.learnerId, learnerId),
        eq(invoices.payerId, payerId),
        eq(invoices.kind, "invoice"),
        eq(invoices.purpose, "deposit"),
        isNotNull(invoices.number),
      ),
    )
    .orderBy(asc(invoices.sequenceKey), asc(invoices.sequenceNumber));
  const credited = await creditedNet(
    db,
    deposits.map((deposit) => deposit.id),
  );
  return deposits.flatMap((deposit) => {
    const left = deposit.netCents - (credited.get(deposit.id) ?? 0);
    if (left <= 0) return [];
    return [
      {
        label: `Déduction de l'acompte ${deposit.number}`,
        quantityHundredths: 100,
        unitCode: "C62" as const,
        unitPriceCents: -left,
        deductedInvoiceId: deposit.id,
      },
    ];
  });
}

/** invoiceId → the net amount its issued credit notes took back. */
export async function creditedNet(db: Db, invoiceIds: string[]): Promise<Map<string, number>> {
  if (!invoiceIds.length) return new Map();
  const rows = await db
    .select({
      id: invoices.creditedInvoiceId,
      net: sql<string>`sum(${invoices.netCents})`,
    })
    .from(invoices)
    .where(
      and(
        inArray(invoices.creditedInvoiceId, invoiceIds),
        eq(invoices.kind, "credit_note"),
        isNotNull(invoices.number),
      ),
    )
    .groupBy(invoices.creditedInvoiceId);
  return new Map(rows.map((row) => [row.id as string, Number(row.net)]));
}

async function planLines(
  db: Db,
  request: Extract<DraftRequest, { purpose: "deposit" | "final" | "attended" }>,
  context: LearnerContext,
  payer: Payer,
): Promise<DraftLineInput[]> {
  const share = await payerShare(db, request.learnerId, request.payerId);
  if (!share) {
    throw new AdminInputError(
      `Le financeur «\u202f${payer.name}\u202f» n'a pas de part dans le plan de financement de ce ou cette stagiaire\u00a0: ajoutez-la d'abord.`,
      "payerId",
    );
  }
  const training = trainingOf(context);
  if (request.purpose === "deposit") {
    const { percentBasisPoints, amountCents } = request;
    const amount =
      amountCents ??
      (percentBasisPoints === undefined ? null : rateOf(share.amountCents, percentBasisPoints));
    if (amount === null || amount <= 0) {
      throw new AdminInputError("Indiquez un pourcentage ou un montant d'acompte supérieur à 0.", "deposit");
    }
    if (amount > share.amountCents) {
      throw new AdminInputError(
        `L'acompte (${formatCents(amount)}) dépasse la part de ce financeur (${formatCents(share.amountCents)}).`,
        "deposit",
      );
    }
    const percent =
      amountCents === undefined && percentBasisPoints !== undefined
        ? `${(percentBasisPoints / 100).toLocaleString("fr-FR")}\u00a0% de la part du financeur (${formatCents(share.amountCents)})`
        : "";
    return [
      {
        label: `Acompte — ${training}`,
        description: percent,
        quantityHundredths: 100,
        unitPriceCents: amount,
      },
    ];
  }
  const deductions = await depositDeductions(db, request.learnerId, request.payerId);
  if (request.purpose === "final") {
    const line: DraftLineInput = {
      label: training,
      description: "Part du financeur dans le plan de financement",
      quantityHundredths: 100,
      unitPriceCents: share.amountCents,
    };
    return refuseNothingLeft([line, ...deductions]);
  }
  return refuseNothingLeft([...(await attendedLines(db, context, payer, share)), ...deductions]);
}

/**
 * Au réalisé: the hours the attendance sheets record for the learner in their session's slots
 * (present: the slot; late: the slot less the lateness; absent: nothing; the latest entry of a slot
 * counts) times the plan's hourly rate. Capped at the payer's share: the plan is what the payer agreed
 * to pay, and hours beyond it are billed to another payer, never to this one. The cap is a line of its
 * own, so each line stays quantity × unit price and the reader sees the hours actually attended.
 */
async function attendedLines(
  db: Db,
  context: LearnerContext,
  payer: Payer,
  share: { amountCents: number; hourlyRateCents: number | null },
): Promise<DraftLineInput[]> {
  const rate = share.hourlyRateCents;
  if (rate === null) {
    throw new AdminInputError(
      "Le plan de financement n'a pas de taux horaire\u00a0: renseignez-le pour facturer au réalisé.",
      "payerId",
    );
  }
  const minutes =
    (await attendedMinutes(db, { sessionId: context.sessionId, learnerIds: [context.learnerId] })).get(
      context.learnerId,
    ) ?? 0;
  if (minutes <= 0) {
    throw new AdminInputError(
      "Aucune heure de présence n'est émargée pour ce ou cette stagiaire\u00a0: il n'y a rien à facturer au réalisé.",
    );
  }
  const hundredths = minutesToHundredths(minutes);
  const hours: DraftLineInput = {
    label: `Heures réalisées — ${trainingOf(context)}`,
    description: `${formatDuration(minutes)} de présence émargée, au taux de ${formatCents(rate)} de l'heure`,
    quantityHundredths: hundredths,
    unitCode: "HUR",
    unitPriceCents: rate,
  };
  const excess = lineNetCents(rate, hundredths) - share.amountCents;
  if (excess <= 0) return [hours];
  return [
    hours,
    {
      label: `Plafond de la prise en charge de ${payer.name}`,
      description: `Part du financeur dans le plan de financement\u00a0: ${formatCents(share.amountCents)}`,
      quantityHundredths: 100,
      unitPriceCents: -excess,
    },
  ];
}

function refuseNothingLeft(lines: DraftLineInput[]): DraftLineInput[] {
  const net = lines.reduce((sum, line) => sum + lineNetCentsOf(line), 0);
  if (net <= 0) {
    throw new AdminInputError(
      "Les acomptes émis couvrent déjà toute la part de ce financeur\u00a0: il ne reste rien à facturer.",
    );
  }
  return lines;
}

/**
 * A draft invoice for one payer: from the learner's plan (deposit, final, attended) or written line
 * by line (custom). The service period is the learner's session's; the buyer is the payer as it is
 * now; the learner's name and the formation are copied to be printed.
 */
export async function createDraft(db: Db, request: DraftRequest, actor: Actor): Promise<Invoice> {
  return db.transaction(async (tx) => {
    const payer = await payerOf(tx, request.payerId);
    const learnerId = request.learnerId ?? null;
    const context = learnerId ? await contextOf(tx, learnerId) : null;
    let lines: DraftLineInput[];
    let period: { serviceStart: string; serviceEnd: string };
    if (request.purpose === "custom") {
      lines = request.lines;
      const serviceStart = request.serviceStart ?? context?.serviceStart;
      const serviceEnd = request.serviceEnd ?? context?.serviceEnd;
      if (!serviceStart || !serviceEnd) {
        throw new AdminInputError("Indiquez la période de formation facturée.", "serviceStart");
      }
      period = { serviceStart, serviceEnd };
    } else {
      if (!context) throw new AdminInputError(LEARNER_GONE, "learnerId");
      lines = await planLines(tx, request, context, payer);
      period = { serviceStart: context.serviceStart, serviceEnd: context.serviceEnd };
    }
    return insertDraft(
      tx,
      {
        kind: "invoice",
        purpose: request.purpose,
        payer,
        learnerId,
        sessionId: context?.sessionId ?? null,
        creditedInvoiceId: null,
        ...period,
        learnerName: context?.learnerName ?? null,
        formationTitle: context?.formationTitle ?? null,
        note: request.note?.trim() ?? "",
      },
      lines,
      actor,
    );
  });
}
