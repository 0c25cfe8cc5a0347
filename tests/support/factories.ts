// Test data made on the real schema, through Drizzle: each `makeX(db, fields)` inserts one row (or
// several, given a list) with defaults the database accepts, overridden by `fields`, and returns what
// was inserted with its id. The fields are the table's own insert type, so a renamed or retyped
// column fails the typecheck here instead of a test at run time. What a test does not name is left to
// the column's default or to a plain valid value below (unique where the schema wants it unique).
import { randomBytes } from "node:crypto";
import { applications } from "~/features/applications/schema.server";
import { attendanceEntries } from "~/features/attendance/schema.server";
import { auditLog } from "~/features/audit/schema.server";
import { formationSessions, formations } from "~/features/catalogue/schema.server";
import { contactRequests, contactStatusChanges } from "~/features/leads/schema.server";
import { learners } from "~/features/learners/schema.server";
import { media } from "~/features/media/schema.server";
import { surveyAnswers, surveyInvitations } from "~/features/surveys/schema.server";
import { testimonials } from "~/features/testimonials/schema.server";
import { sessionSlots } from "~/features/timetable/schema.server";
import { trainers } from "~/features/trainers/schema.server";
import type { Db } from "~/platform/db/client.server";
import { mailOutbox } from "~/platform/mail/schema.server";

type Insert<T extends { $inferInsert: unknown }> = T["$inferInsert"];
/** The insert type of a table with `K` required (the parent a row hangs from), the rest optional. */
type With<T extends { $inferInsert: unknown }, K extends keyof Insert<T>> = Partial<Insert<T>> &
  Required<Pick<Insert<T>, K>>;

/** A short random tag, for the values the schema keeps unique (slugs, addresses, token hashes). */
export const uniqueTag = () => randomBytes(4).toString("hex");

/** What a formation can be made with. */
export type FormationFields = Partial<Insert<typeof formations>>;

/** A formation (the schema's defaults: 'alternance', active, no price). */
export async function makeFormation(db: Db, fields: FormationFields = {}) {
  const tag = uniqueTag();
  const [row] = await db
    .insert(formations)
    .values({ title: `Formation ${tag}`, slug: `formation-${tag}`, ...fields })
    .returning();
  return required(row, "formation");
}

/** Formations in one statement (a list screen's many rows). */
export async function makeFormations(db: Db, rows: Partial<Insert<typeof formations>>[]) {
  return db
    .insert(formations)
    .values(
      rows.map((fields) => {
        const tag = uniqueTag();
        return { title: `Formation ${tag}`, slug: `formation-${tag}`, ...fields };
      }),
    )
    .returning();
}

/** A session of `formationId` (10 seats, in the centre, in March 2031 unless told). */
export async function makeSession(db: Db, fields: With<typeof formationSessions, "formationId">) {
  const [row] = await db
    .insert(formationSessions)
    .values({ startDate: "2031-03-03", endDate: "2031-03-28", seats: 10, ...fields })
    .returning();
  return required(row, "session");
}

/** Slots of a session's timetable: 9:00 to 12:30 unless told (minutes since midnight, Paris time). */
export async function makeSlots(db: Db, rows: With<typeof sessionSlots, "sessionId" | "day">[]) {
  return db
    .insert(sessionSlots)
    .values(rows.map((fields) => ({ startMinute: 540, endMinute: 750, ...fields })))
    .returning();
}

/** A trainer of the register (Formateurs), active, 'Prénom Nom-<tag>' unless named. */
export async function makeTrainer(db: Db, fields: Partial<Insert<typeof trainers>> = {}) {
  const [row] = await db
    .insert(trainers)
    .values({ firstName: "Prénom", lastName: `Nom-${uniqueTag()}`, ...fields })
    .returning();
  return required(row, "trainer");
}

/** One slot (see makeSlots). */
export async function makeSlot(db: Db, fields: With<typeof sessionSlots, "sessionId" | "day">) {
  const [row] = await makeSlots(db, [fields]);
  return required(row, "slot");
}

const learnerDefaults = () => {
  const tag = uniqueTag();
  return {
    origin: "manual" as const,
    firstName: "Stagiaire",
    lastName: `Nom-${tag}`,
    email: `stagiaire-${tag}@example.test`,
  };
};

/**
 * A learner's fields. The rows come back typed with an address, as every learner has one until
 * erased: a test that makes an erased learner (`email: null`) does not read it.
 */
type LearnerFields = With<typeof learners, "sessionId">;

/** Learners added by hand to a session ('enrolled' unless told). */
export async function makeLearners(db: Db, rows: LearnerFields[]) {
  const made = await db
    .insert(learners)
    .values(rows.map((fields) => ({ ...learnerDefaults(), ...fields })))
    .returning();
  return made as ((typeof made)[number] & { email: string })[];
}

/** One learner (see makeLearners). */
export async function makeLearner(db: Db, fields: LearnerFields) {
  const [row] = await makeLearners(db, [fields]);
  return required(row, "learner");
}

/** A learner's mark on a slot, made by staff unless told. */
export async function makeAttendanceEntry(
  db: Db,
  fields: With<typeof attendanceEntries, "slotId" | "learnerId" | "status">,
) {
  const [row] = await db
    .insert(attendanceEntries)
    .values({ method: "staff", ...fields })
    .returning();
  return required(row, "attendance entry");
}

/** An application to a session, as the public form leaves it ('received', consent given now). */
export async function makeApplication(db: Db, fields: With<typeof applications, "sessionId">) {
  const [row] = await db
    .insert(applications)
    .values({
      firstName: "Léa",
      lastName: "Martin",
      email: "lea@example.test",
      phone: "0612345678",
      situation: "salarie",
      financing: "cpf",
      consentAt: new Date(),
      ...fields,
    })
    .returning();
  return required(row, "application");
}

/** A contact request ('Être rappelé·e' or the contact form), new unless told. */
export async function makeContactRequest(db: Db, fields: Partial<Insert<typeof contactRequests>> = {}) {
  const [row] = await db
    .insert(contactRequests)
    .values({ firstName: "Paul", lastName: "Durand", phone: "0698765432", ...fields })
    .returning();
  return required(row, "contact request");
}

/** Contact requests in one statement (a list screen's many rows). */
export async function makeContactRequests(db: Db, rows: Partial<Insert<typeof contactRequests>>[]) {
  return db
    .insert(contactRequests)
    .values(rows.map((fields) => ({ firstName: "Paul", lastName: "Durand", phone: "0698765432", ...fields })))
    .returning();
}

/** A change of a contact request's status, as the Contacts screen records it. */
export async function makeContactStatusChange(
  db: Db,
  fields: With<typeof contactStatusChanges, "contactRequestId" | "fromStatus" | "toStatus">,
) {
  const [row] = await db.insert(contactStatusChanges).values(fields).returning();
  return required(row, "contact status change");
}

/** A survey invitation of `questionnaireId`, open for 30 days, with a token of its own. */
export async function makeSurveyInvitation(
  db: Db,
  fields: With<typeof surveyInvitations, "questionnaireId" | "wave">,
) {
  const [row] = await db
    .insert(surveyInvitations)
    .values({
      tokenHash: `token-${uniqueTag()}${uniqueTag()}`,
      closesAt: new Date(Date.now() + 30 * 24 * 3600 * 1000),
      ...fields,
    })
    .returning();
  return required(row, "survey invitation");
}

/** One answer of an invitation to one question. */
export async function makeSurveyAnswer(
  db: Db,
  fields: With<typeof surveyAnswers, "invitationId" | "questionId" | "value">,
) {
  const [row] = await db.insert(surveyAnswers).values(fields).returning();
  return required(row, "survey answer");
}

/** A testimonial (5 stars unless told). */
export async function makeTestimonial(db: Db, fields: Partial<Insert<typeof testimonials>> = {}) {
  const [row] = await db
    .insert(testimonials)
    .values({ name: "Gaspard Vernier", content: "Très bien.", rating: 5, ...fields })
    .returning();
  return required(row, "testimonial");
}

/** A line of the Journal, as the app writes one. */
export async function makeAuditEntry(db: Db, fields: With<typeof auditLog, "action" | "entity">) {
  const [row] = await db.insert(auditLog).values(fields).returning();
  return required(row, "audit entry");
}

/** Messages of the mail outbox (queued unless `sentAt` says otherwise). */
export async function makeMails(db: Db, rows: Partial<Insert<typeof mailOutbox>>[]) {
  return db
    .insert(mailOutbox)
    .values(
      rows.map((fields) => ({
        kind: "test",
        to: "a@example.test",
        subject: "s",
        text: "t",
        html: "h",
        ...fields,
      })),
    )
    .returning();
}

/** A picture of the media library (a 10 × 10 JPEG's first bytes unless told). */
export async function makeMedia(db: Db, fields: Partial<Insert<typeof media>> = {}) {
  const [row] = await db
    .insert(media)
    .values({
      hash: randomBytes(16).toString("hex"),
      content: Buffer.from([0xff, 0xd8, 0xff]),
      format: "jpeg",
      width: 10,
      height: 10,
      size: 3,
      fileName: "photo.jpg",
      alt: "Une photo",
      ...fields,
    })
    .returning();
  return required(row, "media");
}

function required<T>(row: T | undefined, what: string): T {
  if (!row) throw new Error(`the database returned no ${what}`);
  return row;
}
