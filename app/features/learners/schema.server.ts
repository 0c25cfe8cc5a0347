// Stagiaires: the learners of each session.
// drizzle-kit reads this file (drizzle.config.ts): it imports tables, value lists and column helpers only.
import { sql } from "drizzle-orm";
import { check, date, index, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, keyOf, searchText, updatedAt } from "../../platform/db/columns.server";
import { formationSessions } from "../catalogue/schema.server";
import {
  CERTIFICATION_OUTCOMES,
  LEARNER_FUNDINGS,
  LEARNER_ORIGINS,
  LEARNER_STATUSES,
  TRAINEE_CATEGORIES,
} from "./vocabulary";

export const learnerStatus = pgEnum("learner_status", LEARNER_STATUSES);

export const certificationOutcome = pgEnum("certification_outcome", CERTIFICATION_OUTCOMES);

export const learnerFunding = pgEnum("learner_funding", LEARNER_FUNDINGS);

export const learnerOrigin = pgEnum("learner_origin", LEARNER_ORIGINS);

export const traineeCategory = pgEnum("trainee_category", TRAINEE_CATEGORIES);

/**
 * One row per person and session. An admitted application becomes one (`application_id`, at most
 * one learner per application); staff add others by hand or by CSV. Name, e-mail and company are
 * emptied when the retention period ends (`anonymised_at`): the status and outcome stay, so a year's
 * results keep their sample. A session with learners cannot be deleted, only closed.
 */
export const learners = pgTable(
  "learners",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    sessionId: uuid("session_id")
      .notNull()
      .references(() => formationSessions.id, { onDelete: "restrict" }),
    /** The admitted application this learner came from; an erased application leaves the learner. */
    // Applications sits above learners (an admission makes a learner): its table named by SQL name.
    applicationId: uuid("application_id").references(() => keyOf("applications"), { onDelete: "set null" }),
    origin: learnerOrigin("origin").notNull(),
    firstName: text("first_name"),
    lastName: text("last_name"),
    email: text("email"),
    company: text("company"),
    status: learnerStatus("status").notNull().default("enrolled"),
    /** The day of an abandon: set exactly when the status is 'dropped_out'. */
    abandonedOn: date("abandoned_on", { mode: "string" }),
    /** Where the formation leads to a certification: presented, certified, not certified; null before. */
    certification: certificationOutcome("certification"),
    /** What the learner is for the BPF (salarié·e, apprenti·e, demandeur·euse d'emploi…); null: not said yet. */
    traineeCategory: traineeCategory("trainee_category"),
    /**
     * Who pays: the learner ('personal', a contrat de formation), Mon Compte Formation ('cpf', no
     * agreement) or a payer (a convention); null before staff say.
     */
    fundingSource: learnerFunding("funding_source"),
    /** The convention's other party (company or funder), only when the learner does not pay personally. */
    payerName: text("payer_name"),
    payerAddress: text("payer_address"),
    /** 14 digits in groups ('123 456 789 00012'), or null. */
    payerSiret: text("payer_siret"),
    payerContactName: text("payer_contact_name"),
    payerContactEmail: text("payer_contact_email"),
    /** Where the learner lives, one line: a contrat de formation names its party's address (L. 6353-3). */
    address: text("address"),
    /**
     * The file's number on Mon Compte Formation ('cpf' funding): the training is bought there under
     * its general conditions, without convention; the certificat de réalisation names the file.
     */
    cpfFileNumber: text("cpf_file_number"),
    anonymisedAt: timestamp("anonymised_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("learners_abandon_date", sql`(${t.status} = 'dropped_out') = (${t.abandonedOn} is not null)`),
    // A learner paying personally has no other party.
    check(
      "learners_personal_payer",
      sql`${t.fundingSource} is distinct from 'personal' or ${t.payerName} is null`,
    ),
    // Only a training bought on Mon Compte Formation has a file there.
    check("learners_cpf_file_number", sql`${t.fundingSource} = 'cpf' or ${t.cpfFileNumber} is null`),
    check(
      "learners_identity",
      sql`${t.anonymisedAt} is not null or (${t.firstName} is not null and ${t.lastName} is not null and ${t.email} is not null)`,
    ),
    uniqueIndex("learners_application_idx").on(t.applicationId).where(sql`${t.applicationId} is not null`),
    // One learner per person and session: the e-mail, compared without case.
    uniqueIndex("learners_session_email_idx")
      .on(t.sessionId, sql`lower(${t.email})`)
      .where(sql`${t.email} is not null`),
    index("learners_session_status_idx").on(t.sessionId, t.status),
    index("learners_search_idx").using(
      "gin",
      sql`${searchText(t.firstName, t.lastName, t.email, t.company)} gin_trgm_ops`,
    ),
  ],
);

export type Learner = typeof learners.$inferSelect;
