import { asc, eq } from "drizzle-orm";
import { sessionModeLabel } from "~/features/catalogue";
import { formationSessions, formations } from "~/features/catalogue/schema.server";
import { payerColumns } from "~/features/learners/index.server";
import { learners } from "~/features/learners/schema.server";
import { getCentreSettings, getInternalRules } from "~/features/settings/index.server";
import { sessionSlots } from "~/features/timetable/schema.server";
import { AdminInputError } from "~/platform/console/action.server";
import { parisToday } from "~/platform/dates";
import type { Db } from "~/platform/db/client.server";
import type { AgreementKind } from "./agreement-pdf.server";
import { renderInternalRules } from "./internal-rules-pdf.server";

export const UNKNOWN_LEARNER = "Stagiaire inconnu·e.";
export const NO_ADDRESS = "Ce ou cette stagiaire n'a plus d'adresse e-mail (données anonymisées).";
export const NO_FUNDING =
  "Indiquez d'abord qui finance la formation de ce ou cette stagiaire (Modifier, rubrique Financement).";
export const NO_PAYER =
  "Indiquez d'abord l'entreprise ou le financeur qui paie et son adresse (Modifier, rubrique Financement).";

/** The learner, their session and formation as the convocation prints them; null when unknown. */
export async function learnerRecord(db: Db, learnerId: string) {
  const [row] = await db
    .select({
      id: learners.id,
      sessionId: learners.sessionId,
      firstName: learners.firstName,
      lastName: learners.lastName,
      email: learners.email,
      status: learners.status,
      abandonedOn: learners.abandonedOn,
      certificationOutcome: learners.certification,
      ...payerColumns,
      startDate: formationSessions.startDate,
      endDate: formationSessions.endDate,
      place: formationSessions.place,
      mode: formationSessions.mode,
      title: formations.title,
      contactName: formations.contactName,
      contactPhone: formations.contactPhone,
      contactEmail: formations.contactEmail,
      objectives: formations.objectives,
      duration: formations.duration,
      prerequisites: formations.prerequisites,
      teachingMethods: formations.teachingMethods,
      assessmentMethods: formations.assessmentMethods,
      certifying: formations.certifying,
      certification: formations.certification,
      bpfObjective: formations.bpfObjective,
      price: formations.price,
      pricing: formations.pricing,
    })
    .from(learners)
    .innerJoin(formationSessions, eq(formationSessions.id, learners.sessionId))
    .innerJoin(formations, eq(formations.id, formationSessions.formationId))
    .where(eq(learners.id, learnerId));
  return row ?? null;
}

export type LearnerRecord = NonNullable<Awaited<ReturnType<typeof learnerRecord>>>;

/** The règlement intérieur that goes with convocations, drawn once per click; null while Paramètres has none. */
async function internalRulesOf(db: Db) {
  const [rules, centre] = await Promise.all([getInternalRules(db), getCentreSettings(db)]);
  if (!rules.text.trim()) return null;
  return { pdf: await renderInternalRules({ centre, ...rules }), updatedAt: rules.updatedAt };
}

export type RulesAttachment = Awaited<ReturnType<typeof internalRulesOf>>;

/** The règlement intérieur of one click, drawn the first time a convocation asks for it. */
export function rulesOfClick(db: Db): () => Promise<RulesAttachment> {
  let rules: Promise<RulesAttachment> | null = null;
  return () => {
    rules ??= internalRulesOf(db);
    return rules;
  };
}

/** A learner who still has a name and an address: anonymised records get no document. */
export type Named = LearnerRecord & { firstName: string; lastName: string; email: string };

export function named(record: LearnerRecord): Named {
  const { firstName, lastName, email } = record;
  if (!email || !firstName || !lastName) throw new AdminInputError(NO_ADDRESS);
  return { ...record, firstName, lastName, email };
}

/** What every document prints besides the learner: the centre, the session's slots, today. */
export async function contextOf(
  db: Db,
  record: LearnerRecord,
  internalRules: () => Promise<RulesAttachment>,
) {
  const [centre, slots] = await Promise.all([
    getCentreSettings(db),
    db
      .select()
      .from(sessionSlots)
      .where(eq(sessionSlots.sessionId, record.sessionId))
      .orderBy(asc(sessionSlots.day), asc(sessionSlots.startMinute)),
  ]);
  return { db, centre, slots, today: parisToday(), internalRules };
}
export type Context = Awaited<ReturnType<typeof contextOf>>;

export const sessionOf = (record: LearnerRecord) => ({
  startDate: record.startDate,
  endDate: record.endDate,
  place: record.place,
  modeLabel: sessionModeLabel(record.mode),
});

/** The session's planned time: the sum of its slots, in minutes. */
export const plannedMinutes = (slots: Context["slots"]) =>
  slots.reduce((sum, slot) => sum + slot.endMinute - slot.startMinute, 0);

/**
 * Which agreement the learner's training is sold under: a contrat de formation professionnelle when
 * they pay personally, a convention with the company or funder otherwise. Refused, in French, while
 * the learner's record does not say who pays, or names no payer for a convention.
 */
export function agreementKind(
  record: Pick<LearnerRecord, "fundingSource" | "payerName" | "payerAddress">,
): AgreementKind {
  if (!record.fundingSource) throw new AdminInputError(NO_FUNDING);
  if (record.fundingSource === "personal") return "contrat";
  if (!record.payerName || !record.payerAddress) throw new AdminInputError(NO_PAYER);
  return "convention";
}
