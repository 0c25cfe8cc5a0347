CREATE TYPE "public"."question_type" AS ENUM('rating', 'yes_no', 'choice', 'text');--> statement-breakpoint
CREATE TYPE "public"."questionnaire_kind" AS ENUM('a_chaud', 'a_froid', 'autre');--> statement-breakpoint
CREATE TYPE "public"."survey_wave" AS ENUM('a_chaud', 'a_froid', 'manuel');--> statement-breakpoint
CREATE TABLE "survey_answers" (
	"invitation_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "survey_answers_invitation_id_question_id_pk" PRIMARY KEY("invitation_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "survey_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"questionnaire_id" uuid NOT NULL,
	"session_id" uuid,
	"formation_id" uuid,
	"learner_id" uuid,
	"email" text,
	"token_hash" text NOT NULL,
	"wave" "survey_wave" NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reminded_at" timestamp with time zone,
	"answered_at" timestamp with time zone,
	"closes_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "survey_invitations_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "survey_questionnaires" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"kind" "questionnaire_kind" NOT NULL,
	"intro" text DEFAULT '' NOT NULL,
	"editable" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "survey_questions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"questionnaire_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"type" "question_type" NOT NULL,
	"label" text NOT NULL,
	"required" boolean DEFAULT true NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"employed_options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"role" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "survey_questions_role" CHECK ("survey_questions"."role" is null or ("survey_questions"."role" = 'overall' and "survey_questions"."type" = 'rating') or ("survey_questions"."role" = 'situation' and "survey_questions"."type" = 'choice'))
);
--> statement-breakpoint
CREATE TABLE "survey_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"cold_delay_months" integer DEFAULT 3 NOT NULL,
	"reminder_delay_days" integer DEFAULT 7 NOT NULL,
	"open_days" integer DEFAULT 30 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "survey_settings_single_row" CHECK ("survey_settings"."id" = 1),
	CONSTRAINT "survey_settings_cold_delay" CHECK ("survey_settings"."cold_delay_months" between 1 and 24),
	CONSTRAINT "survey_settings_reminder_delay" CHECK ("survey_settings"."reminder_delay_days" between 1 and 60),
	CONSTRAINT "survey_settings_open_days" CHECK ("survey_settings"."open_days" between 7 and 365)
);
--> statement-breakpoint
ALTER TABLE "survey_answers" ADD CONSTRAINT "survey_answers_invitation_id_survey_invitations_id_fk" FOREIGN KEY ("invitation_id") REFERENCES "public"."survey_invitations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_answers" ADD CONSTRAINT "survey_answers_question_id_survey_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."survey_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_invitations" ADD CONSTRAINT "survey_invitations_questionnaire_id_survey_questionnaires_id_fk" FOREIGN KEY ("questionnaire_id") REFERENCES "public"."survey_questionnaires"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_invitations" ADD CONSTRAINT "survey_invitations_session_id_formation_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."formation_sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_invitations" ADD CONSTRAINT "survey_invitations_formation_id_formations_id_fk" FOREIGN KEY ("formation_id") REFERENCES "public"."formations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_invitations" ADD CONSTRAINT "survey_invitations_learner_id_learners_id_fk" FOREIGN KEY ("learner_id") REFERENCES "public"."learners"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_questions" ADD CONSTRAINT "survey_questions_questionnaire_id_survey_questionnaires_id_fk" FOREIGN KEY ("questionnaire_id") REFERENCES "public"."survey_questionnaires"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "survey_answers_question_idx" ON "survey_answers" USING btree ("question_id");--> statement-breakpoint
CREATE UNIQUE INDEX "survey_invitations_learner_wave_idx" ON "survey_invitations" USING btree ("session_id","learner_id","wave") WHERE "survey_invitations"."learner_id" is not null and "survey_invitations"."wave" <> 'manuel';--> statement-breakpoint
CREATE UNIQUE INDEX "survey_invitations_manual_idx" ON "survey_invitations" USING btree ("questionnaire_id",coalesce("session_id", '00000000-0000-0000-0000-000000000000'),lower("email")) WHERE "survey_invitations"."wave" = 'manuel' and "survey_invitations"."email" is not null;--> statement-breakpoint
CREATE INDEX "survey_invitations_session_idx" ON "survey_invitations" USING btree ("session_id","wave");--> statement-breakpoint
CREATE INDEX "survey_invitations_formation_idx" ON "survey_invitations" USING btree ("formation_id","wave");--> statement-breakpoint
CREATE INDEX "survey_invitations_reminder_idx" ON "survey_invitations" USING btree ("sent_at") WHERE "survey_invitations"."answered_at" is null and "survey_invitations"."reminded_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "survey_questionnaires_kind_idx" ON "survey_questionnaires" USING btree ("kind") WHERE "survey_questionnaires"."kind" in ('a_chaud', 'a_froid');--> statement-breakpoint
CREATE INDEX "survey_questions_questionnaire_idx" ON "survey_questions" USING btree ("questionnaire_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "survey_questions_role_idx" ON "survey_questions" USING btree ("questionnaire_id","role") WHERE "survey_questions"."role" is not null;
--> statement-breakpoint
-- The ready-made questionnaires and the delays' defaults: a new centre sends surveys from its first day.
INSERT INTO "survey_settings" ("id") VALUES (1);--> statement-breakpoint
INSERT INTO "survey_questionnaires" ("id", "title", "kind", "intro") VALUES
 ('5a7e0000-0000-4000-8000-000000000001', 'À chaud', 'a_chaud', 'Merci de prendre quelques minutes pour nous dire ce que vous avez pensé de la formation que vous venez de terminer.'),
 ('5a7e0000-0000-4000-8000-000000000002', 'À froid', 'a_froid', 'Quelques mois après la formation, nous aimerions savoir où vous en êtes et ce qu''elle vous a apporté.');--> statement-breakpoint
INSERT INTO "survey_questions" ("questionnaire_id", "position", "type", "label", "required", "options", "employed_options", "role") VALUES
 ('5a7e0000-0000-4000-8000-000000000001', 1, 'rating', 'Dans l''ensemble, êtes-vous satisfait·e de la formation ?', true, '[]'::jsonb, '[]'::jsonb, 'overall'),
 ('5a7e0000-0000-4000-8000-000000000001', 2, 'rating', 'Les objectifs annoncés de la formation ont-ils été atteints ?', true, '[]'::jsonb, '[]'::jsonb, NULL),
 ('5a7e0000-0000-4000-8000-000000000001', 3, 'rating', 'Comment évaluez-vous la qualité de l''animation et des formateur·rices ?', true, '[]'::jsonb, '[]'::jsonb, NULL),
 ('5a7e0000-0000-4000-8000-000000000001', 4, 'rating', 'Les conditions d''accueil, les locaux et le matériel étaient-ils adaptés ?', true, '[]'::jsonb, '[]'::jsonb, NULL),
 ('5a7e0000-0000-4000-8000-000000000001', 5, 'yes_no', 'Recommanderiez-vous cette formation à un proche ?', true, '[]'::jsonb, '[]'::jsonb, NULL),
 ('5a7e0000-0000-4000-8000-000000000001', 6, 'text', 'Vos remarques et suggestions d''amélioration', false, '[]'::jsonb, '[]'::jsonb, NULL),
 ('5a7e0000-0000-4000-8000-000000000002', 1, 'choice', 'Quelle est votre situation aujourd''hui ?', true, '["En emploi (CDI, CDD, intérim)", "Création d''entreprise", "En recherche d''emploi", "En formation", "Autre"]'::jsonb, '["En emploi (CDI, CDD, intérim)", "Création d''entreprise"]'::jsonb, 'situation'),
 ('5a7e0000-0000-4000-8000-000000000002', 2, 'rating', 'Avec le recul, êtes-vous satisfait·e de la formation suivie ?', true, '[]'::jsonb, '[]'::jsonb, 'overall'),
 ('5a7e0000-0000-4000-8000-000000000002', 3, 'rating', 'Les compétences acquises vous servent-elles dans votre activité ?', true, '[]'::jsonb, '[]'::jsonb, NULL),
 ('5a7e0000-0000-4000-8000-000000000002', 4, 'yes_no', 'Votre activité actuelle est-elle en lien avec la formation ?', false, '[]'::jsonb, '[]'::jsonb, NULL),
 ('5a7e0000-0000-4000-8000-000000000002', 5, 'text', 'Vos remarques sur la formation, avec le recul', false, '[]'::jsonb, '[]'::jsonb, NULL);
