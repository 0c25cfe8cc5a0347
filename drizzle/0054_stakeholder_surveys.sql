CREATE TYPE "public"."survey_audience" AS ENUM('learner', 'employer', 'trainer', 'funder');--> statement-breakpoint
DROP INDEX "survey_questionnaires_kind_idx";--> statement-breakpoint
ALTER TABLE "survey_invitations" ADD COLUMN "payer_id" uuid;--> statement-breakpoint
ALTER TABLE "survey_invitations" ADD COLUMN "trainer_id" uuid;--> statement-breakpoint
ALTER TABLE "survey_questionnaires" ADD COLUMN "audience" "survey_audience" DEFAULT 'learner' NOT NULL;--> statement-breakpoint
ALTER TABLE "survey_invitations" ADD CONSTRAINT "survey_invitations_payer_id_payers_id_fk" FOREIGN KEY ("payer_id") REFERENCES "public"."payers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_invitations" ADD CONSTRAINT "survey_invitations_trainer_id_trainers_id_fk" FOREIGN KEY ("trainer_id") REFERENCES "public"."trainers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "survey_invitations_payer_wave_idx" ON "survey_invitations" USING btree ("session_id","payer_id","wave") WHERE "survey_invitations"."payer_id" is not null and "survey_invitations"."wave" <> 'manuel';--> statement-breakpoint
CREATE UNIQUE INDEX "survey_invitations_trainer_wave_idx" ON "survey_invitations" USING btree ("session_id","trainer_id","wave") WHERE "survey_invitations"."trainer_id" is not null and "survey_invitations"."wave" <> 'manuel';--> statement-breakpoint
CREATE UNIQUE INDEX "survey_questionnaires_kind_idx" ON "survey_questionnaires" USING btree ("kind","audience") WHERE "survey_questionnaires"."kind" in ('a_chaud', 'a_froid');
--> statement-breakpoint
-- The employers', trainers' and funders' ready-made à-chaud questionnaires, as the learners' ones (0023): a
-- centre hears every stakeholder from its first session (Qualiopi, indicator 30). Each can be edited in Enquêtes.
INSERT INTO "survey_questionnaires" ("id", "title", "kind", "audience", "intro") VALUES
 ('5a7e0000-0000-4000-8000-000000000003', 'À chaud – employeurs', 'a_chaud', 'employer', 'Un·e de vos salarié·es vient de terminer une formation chez nous. Votre regard d''employeur nous aide à l''améliorer.'),
 ('5a7e0000-0000-4000-8000-000000000004', 'À chaud – formateurs', 'a_chaud', 'trainer', 'Vous venez d''animer une session chez nous. Dites-nous comment elle s''est passée pour vous.'),
 ('5a7e0000-0000-4000-8000-000000000005', 'À chaud – financeurs', 'a_chaud', 'funder', 'Vous avez financé la formation d''un ou de plusieurs stagiaires chez nous. Votre avis nous aide à l''améliorer.');--> statement-breakpoint
INSERT INTO "survey_questions" ("questionnaire_id", "position", "type", "label", "required", "options", "employed_options", "role") VALUES
 ('5a7e0000-0000-4000-8000-000000000003', 1, 'rating', 'Dans l''ensemble, êtes-vous satisfait·e de la formation suivie par votre salarié·e ?', true, '[]'::jsonb, '[]'::jsonb, 'overall'),
 ('5a7e0000-0000-4000-8000-000000000003', 2, 'rating', 'La formation répondait-elle aux besoins de votre entreprise ?', true, '[]'::jsonb, '[]'::jsonb, NULL),
 ('5a7e0000-0000-4000-8000-000000000003', 3, 'rating', 'Comment évaluez-vous nos échanges avec vous (information, inscription, suivi) ?', true, '[]'::jsonb, '[]'::jsonb, NULL),
 ('5a7e0000-0000-4000-8000-000000000003', 4, 'yes_no', 'Feriez-vous de nouveau appel à notre centre ?', true, '[]'::jsonb, '[]'::jsonb, NULL),
 ('5a7e0000-0000-4000-8000-000000000003', 5, 'text', 'Vos remarques et suggestions d''amélioration', false, '[]'::jsonb, '[]'::jsonb, NULL),
 ('5a7e0000-0000-4000-8000-000000000004', 1, 'rating', 'Dans l''ensemble, êtes-vous satisfait·e du déroulement de la session ?', true, '[]'::jsonb, '[]'::jsonb, 'overall'),
 ('5a7e0000-0000-4000-8000-000000000004', 2, 'rating', 'Les locaux, le matériel et les supports étaient-ils adaptés ?', true, '[]'::jsonb, '[]'::jsonb, NULL),
 ('5a7e0000-0000-4000-8000-000000000004', 3, 'rating', 'Le groupe avait-il les prérequis attendus ?', true, '[]'::jsonb, '[]'::jsonb, NULL),
 ('5a7e0000-0000-4000-8000-000000000004', 4, 'rating', 'Comment évaluez-vous l''organisation et la coordination du centre ?', true, '[]'::jsonb, '[]'::jsonb, NULL),
 ('5a7e0000-0000-4000-8000-000000000004', 5, 'text', 'Vos remarques et suggestions d''amélioration', false, '[]'::jsonb, '[]'::jsonb, NULL),
 ('5a7e0000-0000-4000-8000-000000000005', 1, 'rating', 'Dans l''ensemble, êtes-vous satisfait·e de la formation que vous avez financée ?', true, '[]'::jsonb, '[]'::jsonb, 'overall'),
 ('5a7e0000-0000-4000-8000-000000000005', 2, 'rating', 'Les documents transmis (convention, attestations, factures) étaient-ils clairs et arrivés à temps ?', true, '[]'::jsonb, '[]'::jsonb, NULL),
 ('5a7e0000-0000-4000-8000-000000000005', 3, 'yes_no', 'Feriez-vous de nouveau appel à notre centre ?', true, '[]'::jsonb, '[]'::jsonb, NULL),
 ('5a7e0000-0000-4000-8000-000000000005', 4, 'text', 'Vos remarques et suggestions d''amélioration', false, '[]'::jsonb, '[]'::jsonb, NULL);
