import { and, asc, eq, isNull, ne, notInArray, or, sql } from "drizzle-orm";
import { sessionModeLabel } from "~/features/catalogue";
import { formationSessions, formations } from "~/features/catalogue/schema.server";
import { payerColumns } from "~/features/learners/index.server";
import { learners } from "~/features/learners/schema.server";
import { mediaBytes, printableVariant } from "~/features/media/index.server";
import type { CentreSettings } from "~/features/settings";
import { getCentreSettings, getInternalRules, logoVariantWidth } from "~/features/settings/index.server";
import { sessionSlots } from "~/features/timetable/schema.server";
import { AdminInputError } from "~/platform/console/action.server";
import { parisToday } from "~/platform/dates";
import type { Db } from "~/platform/db/client.server";
import type { PdfLogo } from "~/platform/pdf-document.server";
import type { AppRuntime } from "~/platform/runtime.server";
import type { SessionTrainer } from "./agreement-pdf.server";
import { renderInternalRules } from "./internal-rules-pdf.server";
import { type AgreementKind, agreementKindOf, CPF_NO_AGREEMENT } from "./types";

export const UNKNOWN_LEARNER = "Stagiaire inconnu·e.";
export const NO_ADDRESS = "Ce ou cette stagiaire n'a plus d'adresse e-mail (données anonymisées).";
export const NO_FUNDING =
  "Indiquez d'abord qui finance la formation de ce ou cette stagiaire (Modifier, rubrique Financement).";
export const NO_PAYER =
  "Indiquez d'abord l'entreprise ou le financeur qui paie et son adresse (Modifier, rubrique Financement).";
export const NO_LEARNER_ADDRESS =
  "Indiquez d'abord l'adresse postale de ce ou cette stagiaire : elle figure sur le contrat de formation (Modifier, rubrique Financement).";

/** The learner, their session and formation as the documents print them; null when unknown. */
export async function learnerRecord(db: Db, learnerId: string) {
  const [row] = await db
    .select({
      id: learners.id,
      sessionId: learners.sessionId,
      firstName: learners.firstName,
      lastName: learners.lastName,
      email: learners.email,
      company: learners.company,
      address: learners.address,
      status: learners.status,
      abandonedOn: learners.abandonedOn,
      certificationOutcome: learners.certification,
      traineeCategory: learners.traineeCategory,
      cpfFileNumber: learners.cpfFileNumber,
      ...payerColumns,
      startDate: formationSessions.startDate,
      endDate: formationSessions.endDate,
      place: formationSessions.place,
      mode: formationSessions.mode,
      seats: formationSessions.seats,
      formationId: formations.id,
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

/** The centre's logo as a PDF prints it (its JPEG or PNG variant); null without one, or when it cannot be had. */
async function logoOf(app: AppRuntime, centre: CentreSettings): Promise<PdfLogo | null> {
  const image = centre.logo;
  if (!image) return null;
  const bytes = await printableVariant(app.db, mediaBytes(app), image, logoVariantWidth(image));
  return bytes ? { bytes, width: image.width, height: image.height } : null;
}

/** The centre as every document prints it: Paramètres and the logo's picture. */
async function documentCentre(app: AppRuntime) {
  const settings = await getCentreSettings(app.db);
  return { ...settings, printedLogo: await logoOf(app, settings) };
}

/** The règlement intérieur that goes with convocations, drawn once per click; null while Paramètres has none. */
async function internalRulesOf(app: AppRuntime) {
  const [rules, centre] = await Promise.all([getInternalRules(app.db), documentCentre(app)]);
  if (!rules.text.trim()) return null;
  return { pdf: await renderInternalRules({ centre, ...rules }), updatedAt: rules.updatedAt };
}

export type RulesAttachment = Awaited<ReturnType<typeof internalRulesOf>>;

/** The règlement intérieur of one click, drawn the first time a convocation asks for it. */
export function rulesOfClick(app: AppRuntime): () => Promise<RulesAttachment> {
  let rules: Promise<RulesAttachment> | null = null;
  return () => {
    rules ??= internalRulesOf(app);
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

/** A name as a slot of before may type it: accents, case and spaces aside. */
const nameKey = (name: string) =>
  name.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().replace(/\s+/g, " ").trim();

/**
 * The trainers of the session's slots, in the order they first teach, each with the qualification
 * the register (Formateurs) records for them (null when it records none). A slot of before that names
 * someone outside the register prints their name alone.
 */
export function sessionTrainers(
  slots: readonly { trainerId: string | null; trainer: string | null }[],
  register: ReadonlyMap<string, { name: string; qualification: string }>,
): SessionTrainer[] {
  const seen = new Map<string, SessionTrainer>();
  for (const { trainerId, trainer } of slots) {
    const registered = trainerId ? register.get(trainerId) : undefined;
    const name = (registered?.name ?? trainer)?.trim();
    const key = registered ? `id:${trainerId}` : name ? nameKey(name) : "";
    if (!name || seen.has(key)) continue;
    seen.set(key, { name, qualification: registered?.qualification.trim() || null });
  }
  return [...seen.values()];
}

/** What every document prints besides the learner: the centre (with its logo), the session's slots, today. */
export async function contextOf(
  app: AppRuntime,
  record: LearnerRecord,
  internalRules: () => Promise<RulesAttachment>,
) {
  const [centre, slots] = await Promise.all([
    documentCentre(app),
    app.db
      .select()
      .from(sessionSlots)
      .where(eq(sessionSlots.sessionId, record.sessionId))
      .orderBy(asc(sessionSlots.day), asc(sessionSlots.startMinute)),
  ]);
  return { app, db: app.db, centre, slots, today: parisToday(), internalRules };
}
export type Context = Awaited<ReturnType<typeof contextOf>>;

export const sessionOf = (record: LearnerRecord) => ({
  startDate: record.startDate,
  endDate: record.endDate,
  place: record.place,
  seats: record.seats,
  modeLabel: sessionModeLabel(record.mode),
});

/** The session's planned time: the sum of its slots, in minutes. */
export const plannedMinutes = (slots: Context["slots"]) =>
  slots.reduce((sum, slot) => sum + slot.endMinute - slot.startMinute, 0);

/**
 * Which agreement the learner's training is sold under (agreementKindOf): refused, in French, while
 * the record does not say who pays, for a training bought on Mon Compte Formation (none), while a
 * convention names no payer and its address, or a contrat no address of the learner.
 */
export function agreementKind(
  record: Pick<LearnerRecord, "fundingSource" | "payerName" | "payerAddress" | "address">,
): AgreementKind {
  const kind = agreementKindOf(record.fundingSource);
  if (kind === null) throw new AdminInputError(NO_FUNDING);
  if (kind === "none") throw new AdminInputError(CPF_NO_AGREEMENT);
  if (kind === "convention" && (!record.payerName || !record.payerAddress))
    throw new AdminInputError(NO_PAYER);
  if (kind === "contrat" && !record.address?.trim()) throw new AdminInputError(NO_LEARNER_ADDRESS);
  return kind;
}

/**
 * Everyone a convention trains: the learners of the session whose company or funder is the same
 * payer (its name, case and spaces aside), still named, the one it is made for first counted even
 * if they dropped out; the others who dropped out are no longer sent. By name.
 */
export async function conventionLearners(db: Db, record: Named) {
  const found = await db
    .select({
      id: learners.id,
      firstName: learners.firstName,
      lastName: learners.lastName,
      email: learners.email,
    })
    .from(learners)
    .where(
      and(
        eq(learners.sessionId, record.sessionId),
        notInArray(learners.fundingSource, ["personal", "cpf"]),
        sql`lower(btrim(${learners.payerName})) = lower(btrim(${record.payerName ?? ""}))`,
        isNull(learners.anonymisedAt),
        or(ne(learners.status, "dropped_out"), eq(learners.id, record.id)),
      ),
    )
    .orderBy(asc(learners.lastName), asc(learners.firstName), asc(learners.id));
  return found.flatMap(({ firstName, lastName, email, id }) =>
    firstName && lastName && email ? [{ id, firstName, lastName, email }] : [],
  );
}
