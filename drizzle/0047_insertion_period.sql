-- The à-froid survey never leaves before the insertion rate's period (3 months): a delay set shorter
-- earlier becomes that period, before the check refuses it.
UPDATE "survey_settings" SET "cold_delay_months" = 3 WHERE "cold_delay_months" < 3;--> statement-breakpoint
ALTER TABLE "survey_settings" DROP CONSTRAINT "survey_settings_cold_delay";--> statement-breakpoint
ALTER TABLE "survey_settings" ADD CONSTRAINT "survey_settings_cold_delay" CHECK ("survey_settings"."cold_delay_months" between 3 and 24);--> statement-breakpoint
-- An archived insertion rate keeps the period it was typed under: every one archived before its
-- period was recorded was typed under the label 'Taux d'insertion à 6 mois'.
UPDATE "formations"
   SET "results" = (
     SELECT jsonb_agg(
              CASE WHEN r->>'kind' = 'insertion' AND NOT (r ? 'months') THEN r || '{"months": 6}'::jsonb ELSE r END
              ORDER BY n)
       FROM jsonb_array_elements("formations"."results") WITH ORDINALITY AS e(r, n))
 WHERE EXISTS (
   SELECT 1 FROM jsonb_array_elements("formations"."results") AS e(r)
    WHERE r->>'kind' = 'insertion' AND NOT (r ? 'months'));
