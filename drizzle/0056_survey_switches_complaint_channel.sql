ALTER TABLE "survey_settings" ADD COLUMN "auto_learner" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "survey_settings" ADD COLUMN "auto_employer" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "survey_settings" ADD COLUMN "auto_trainer" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "survey_settings" ADD COLUMN "auto_funder" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- The employers' ready-made à-froid questionnaire, sent with the learners' one after the delay set in Paramètres:
-- whether the employee applies what was learnt, the effect on the job, a recommendation (Qualiopi, indicator 30).
-- Left out when a centre already made its own employers' à-froid questionnaire (one per kind and audience).
INSERT INTO "survey_questionnaires" ("id", "title", "kind", "audience", "intro")
SELECT '5a7e0000-0000-4000-8000-000000000006', 'À froid – employeurs', 'a_froid', 'employer', 'Votre salarié·e a suivi une formation chez nous il y a quelques mois. Dites-nous ce qu''elle a changé dans son travail.'
 WHERE NOT EXISTS (SELECT 1 FROM "survey_questionnaires" WHERE "kind" = 'a_froid' AND "audience" = 'employer');--> statement-breakpoint
INSERT INTO "survey_questions" ("questionnaire_id", "position", "type", "label", "required", "options", "employed_options", "role")
SELECT v.* FROM (VALUES
 ('5a7e0000-0000-4000-8000-000000000006'::uuid, 1, 'rating'::question_type, 'Avec le recul, êtes-vous satisfait·e de la formation suivie par votre salarié·e ?', true, '[]'::jsonb, '[]'::jsonb, 'overall'),
 ('5a7e0000-0000-4000-8000-000000000006'::uuid, 2, 'rating'::question_type, 'Le·la salarié·e applique-t-il·elle dans son travail les acquis de la formation ?', true, '[]'::jsonb, '[]'::jsonb, NULL),
 ('5a7e0000-0000-4000-8000-000000000006'::uuid, 3, 'rating'::question_type, 'Quel effet la formation a-t-elle eu sur son poste (efficacité, autonomie, nouvelles missions) ?', true, '[]'::jsonb, '[]'::jsonb, NULL),
 ('5a7e0000-0000-4000-8000-000000000006'::uuid, 4, 'yes_no'::question_type, 'Recommanderiez-vous notre centre à une autre entreprise ?', true, '[]'::jsonb, '[]'::jsonb, NULL),
 ('5a7e0000-0000-4000-8000-000000000006'::uuid, 5, 'text'::question_type, 'Un besoin de formation à venir, des remarques ?', false, '[]'::jsonb, '[]'::jsonb, NULL)
) AS v("questionnaire_id", "position", "type", "label", "required", "options", "employed_options", "role")
 WHERE EXISTS (SELECT 1 FROM "survey_questionnaires" WHERE "id" = '5a7e0000-0000-4000-8000-000000000006');
--> statement-breakpoint
CREATE TYPE "public"."complaint_channel" AS ENUM('site', 'space');--> statement-breakpoint
ALTER TABLE "complaints" ADD COLUMN "channel" "complaint_channel" DEFAULT 'site' NOT NULL;--> statement-breakpoint
-- A complaint already naming the learner who wrote it came from the learner's personal space. One erased
-- before this migration no longer says so and stays 'site'.
UPDATE "complaints" SET "channel" = 'space' WHERE "learner_id" IS NOT NULL;
