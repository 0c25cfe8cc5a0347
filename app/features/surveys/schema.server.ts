// Enquêtes: questionnaires, questions, invitations, answers and their delays.
// drizzle-kit reads this file (drizzle.config.ts): it imports tables, value lists and column helpers only.
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "../../platform/db/columns.server";
import { payers } from "../billing/schema.server";
import { formationSessions, formations } from "../catalogue/schema.server";
import { learners } from "../learners/schema.server";
import { trainers } from "../trainers/schema.server";
import { QUESTION_TYPES, QUESTIONNAIRE_KINDS, SURVEY_AUDIENCES, SURVEY_WAVES } from "./vocabulary";

export const questionnaireKind = pgEnum("questionnaire_kind", QUESTIONNAIRE_KINDS);

export const surveyWave = pgEnum("survey_wave", SURVEY_WAVES);

export const surveyAudience = pgEnum("survey_audience", SURVEY_AUDIENCES);

export const questionType = pgEnum("question_type", QUESTION_TYPES);

/**
 * A questionnaire staff can edit, for one audience (learners, employers, trainers, funders). The
 * ready-made learners' 'À chaud' and 'À froid' ones and the employers', trainers' and funders' 'À
 * chaud' ones come with the migrations (a production centre needs them from its first day); at most
 * one questionnaire of each of those two kinds per audience, so the automatic sending knows which one
 * to send to whom. `editable` is false for a questionnaire staff may read and send but not change.
 */
export const surveyQuestionnaires = pgTable(
  "survey_questionnaires",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    kind: questionnaireKind("kind").notNull(),
    audience: surveyAudience("audience").notNull().default("learner"),
    /** A few words shown above the questions on the answering page. */
    intro: text("intro").notNull().default(""),
    editable: boolean("editable").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("survey_questionnaires_kind_idx")
      .on(t.kind, t.audience)
      .where(sql`${t.kind} in ('a_chaud', 'a_froid')`),
  ],
);

/**
 * A questionnaire's questions in their order. `options` lists a choice's options; `employed_options`
 * the ones among them that count as 'en emploi' for the situation question. `role` marks the question
 * the published figures read: 'overall' (a note, ≥ 4 is satisfied) and 'situation' (a choice).
 */
export const surveyQuestions = pgTable(
  "survey_questions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    questionnaireId: uuid("questionnaire_id")
      .notNull()
      .references(() => surveyQuestionnaires.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    type: questionType("type").notNull(),
    label: text("label").notNull(),
    required: boolean("required").notNull().default(true),
    options: jsonb("options").$type<string[]>().notNull().default([]),
    employedOptions: jsonb("employed_options").$type<string[]>().notNull().default([]),
    role: text("role"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      "survey_questions_role",
      sql`${t.role} is null or (${t.role} = 'overall' and ${t.type} = 'rating') or (${t.role} = 'situation' and ${t.type} = 'choice')`,
    ),
    index("survey_questions_questionnaire_idx").on(t.questionnaireId, t.position),
    uniqueIndex("survey_questions_role_idx").on(t.questionnaireId, t.role).where(sql`${t.role} is not null`),
  ],
);

/**
 * One personal link sent to one address: a learner of a session (the automatic waves and 'Envoyer
 * maintenant'), a payer funding learners of the session or a trainer of its slots (the automatic
 * waves of the employers', funders' and trainers' questionnaires), or anyone staff listed. Only the SHA-256 of the link's token is
 * kept, so a copy of the database opens no survey. The session and formation are copied in when
 * known (the figures count per formation and year). The database refuses a second invitation of one
 * learner, payer or trainer to one session's wave (a payer funding three learners is asked
 * once), and of one address to one questionnaire by hand for one session:
 * two instances sending at once insert one row, and only the inserter queues the e-mail.
 */
export const surveyInvitations = pgTable(
  "survey_invitations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    questionnaireId: uuid("questionnaire_id")
      .notNull()
      .references(() => surveyQuestionnaires.id, { onDelete: "restrict" }),
    sessionId: uuid("session_id").references(() => formationSessions.id, { onDelete: "set null" }),
    formationId: uuid("formation_id").references(() => formations.id, { onDelete: "set null" }),
    learnerId: uuid("learner_id").references(() => learners.id, { onDelete: "set null" }),
    /** The employer or funder asked (its invoicing address when sent). */
    payerId: uuid("payer_id").references(() => payers.id, { onDelete: "set null" }),
    /** The trainer asked (the register's address when sent). */
    trainerId: uuid("trainer_id").references(() => trainers.id, { onDelete: "set null" }),
    /** Emptied with the learner's personal data (retention, erasure); the answers stay. */
    email: text("email"),
    tokenHash: text("token_hash").notNull().unique(),
    wave: surveyWave("wave").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
    remindedAt: timestamp("reminded_at", { withTimezone: true }),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    /** The link works until then; answers can be changed until then. */
    closesAt: timestamp("closes_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("survey_invitations_learner_wave_idx")
      .on(t.sessionId, t.learnerId, t.wave)
      .where(sql`${t.learnerId} is not null and ${t.wave} <> 'manuel'`),
    uniqueIndex("survey_invitations_payer_wave_idx")
      .on(t.sessionId, t.payerId, t.wave)
      .where(sql`${t.payerId} is not null and ${t.wave} <> 'manuel'`),
    uniqueIndex("survey_invitations_trainer_wave_idx")
      .on(t.sessionId, t.trainerId, t.wave)
      .where(sql`${t.trainerId} is not null and ${t.wave} <> 'manuel'`),
    uniqueIndex("survey_invitations_manual_idx")
      // A list sent without a session: coalesce, so that "no session" counts as one value.
      .on(
        t.questionnaireId,
        sql`coalesce(${t.sessionId}, '00000000-0000-0000-0000-000000000000')`,
        sql`lower(${t.email})`,
      )
      .where(sql`${t.wave} = 'manuel' and ${t.email} is not null`),
    index("survey_invitations_session_idx").on(t.sessionId, t.wave),
    index("survey_invitations_formation_idx").on(t.formationId, t.wave),
    // The reminder task's work: sent, not answered, not yet reminded.
    index("survey_invitations_reminder_idx")
      .on(t.sentAt)
      .where(sql`${t.answeredAt} is null and ${t.remindedAt} is null`),
  ],
);

/**
 * The answer of one invitation to one question: a note '1'…'5', 'oui'/'non', the option chosen, or
 * free text. A second submission through the same link replaces them all in one transaction.
 */
export const surveyAnswers = pgTable(
  "survey_answers",
  {
    invitationId: uuid("invitation_id")
      .notNull()
      .references(() => surveyInvitations.id, { onDelete: "cascade" }),
    questionId: uuid("question_id")
      .notNull()
      .references(() => surveyQuestions.id, { onDelete: "cascade" }),
    value: text("value").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.invitationId, t.questionId] }),
    index("survey_answers_question_idx").on(t.questionId),
  ],
);

/**
 * The surveys' delays (Paramètres), one row (id 1) written by the migration with the defaults: the
 * à-froid survey goes `cold_delay_months` after the session's last day, the reminder
 * `reminder_delay_days` after an unanswered invitation, and a link works `open_days` days. The
 * `auto_*` switches say whether the automatic waves write to each audience (surveys/automatic.ts).
 */
export const surveySettings = pgTable(
  "survey_settings",
  {
    id: integer("id").primaryKey().default(1),
    coldDelayMonths: integer("cold_delay_months").notNull().default(3),
    reminderDelayDays: integer("reminder_delay_days").notNull().default(7),
    openDays: integer("open_days").notNull().default(30),
    autoLearner: boolean("auto_learner").notNull().default(true),
    autoEmployer: boolean("auto_employer").notNull().default(true),
    autoTrainer: boolean("auto_trainer").notNull().default(true),
    autoFunder: boolean("auto_funder").notNull().default(true),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("survey_settings_single_row", sql`${t.id} = 1`),
    // From the insertion period (3 months, INSERTION_MONTHS) to two years: surveys/delays.ts.
    check("survey_settings_cold_delay", sql`${t.coldDelayMonths} between 3 and 24`),
    check("survey_settings_reminder_delay", sql`${t.reminderDelayDays} between 1 and 60`),
    check("survey_settings_open_days", sql`${t.openDays} between 7 and 365`),
  ],
);

export type SurveyQuestion = typeof surveyQuestions.$inferSelect;

export type SurveyInvitation = typeof surveyInvitations.$inferSelect;
