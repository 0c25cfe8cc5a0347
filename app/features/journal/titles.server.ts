/**
 * How the Journal d'activité names a record, written with each entry at the time of the change:
 * never a person (the log outlives an erased candidate or request). A candidature is named by its
 * formation, its session and a short reference; a testimonial and a contact request by a short
 * reference (and the course asked about). The migration that named older entries writes the same
 * shapes in SQL (the migration journal_record_titles).
 */
import { eq } from "drizzle-orm";
import { applications } from "~/features/applications/schema.server";
import { formationSessions, formations } from "~/features/catalogue/schema.server";
import { contactRequests } from "~/features/leads/schema.server";
import { learners } from "~/features/learners/schema.server";
import type { Db } from "~/platform/db/client.server";
import { shortRef } from "./changes";

/** '04/01/2027' from '2027-01-04'. */
const numericDay = (iso: string) => iso.split("-").reverse().join("/");

export const sessionTitle = (formationTitle: string, startDate: string) =>
  `${formationTitle}, session du ${numericDay(startDate)}`;

export async function sessionTitleOf(tx: Db, sessionId: string): Promise<string> {
  const [row] = await tx
    .select({ title: formations.title, startDate: formationSessions.startDate })
    .from(formationSessions)
    .innerJoin(formations, eq(formations.id, formationSessions.formationId))
    .where(eq(formationSessions.id, sessionId));
  return row ? sessionTitle(row.title, row.startDate) : `Session (réf. ${shortRef(sessionId)})`;
}

export async function applicationTitleOf(tx: Db, applicationId: string): Promise<string> {
  const [row] = await tx
    .select({ title: formations.title, startDate: formationSessions.startDate })
    .from(applications)
    .innerJoin(formationSessions, eq(formationSessions.id, applications.sessionId))
    .innerJoin(formations, eq(formations.id, formationSessions.formationId))
    .where(eq(applications.id, applicationId));
  const ref = `réf. ${shortRef(applicationId)}`;
  return row ? `${sessionTitle(row.title, row.startDate)} (${ref})` : `Candidature (${ref})`;
}

export async function contactTitleOf(tx: Db, id: string): Promise<string> {
  const [row] = await tx
    .select({ about: contactRequests.formationInterest })
    .from(contactRequests)
    .where(eq(contactRequests.id, id));
  const ref = `réf. ${shortRef(id)}`;
  return row?.about ? `${row.about} (${ref})` : `Demande (${ref})`;
}

export const testimonialTitle = (id: string) => `Témoignage (réf. ${shortRef(id)})`;

/** A learner: their session and a short reference ('…, session du 04/01/2027 (stagiaire, réf. 1a2b3c4d)'). */
export async function learnerTitleOf(tx: Db, learnerId: string): Promise<string> {
  const [row] = await tx
    .select({ title: formations.title, startDate: formationSessions.startDate })
    .from(learners)
    .innerJoin(formationSessions, eq(formationSessions.id, learners.sessionId))
    .innerJoin(formations, eq(formations.id, formationSessions.formationId))
    .where(eq(learners.id, learnerId));
  const ref = `stagiaire, réf. ${shortRef(learnerId)}`;
  return row ? `${sessionTitle(row.title, row.startDate)} (${ref})` : `Stagiaire (${ref})`;
}
