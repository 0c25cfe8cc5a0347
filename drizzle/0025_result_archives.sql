ALTER TABLE "centre_settings" ADD COLUMN "min_result_answers" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "centre_settings" ADD CONSTRAINT "centre_settings_min_result_answers" CHECK ("centre_settings"."min_result_answers" between 1 and 1000);--> statement-breakpoint
-- The results staff typed become archives: a rate of a year before this one (Paris) keeps its year,
-- rate and sample with the source it came from; a rate of this year or later is dropped, since the
-- rates of the years the centre uses the site are now computed from learners and survey answers.
UPDATE "formations" SET "results" = coalesce((
  SELECT jsonb_agg(jsonb_build_object('source', 'saisie dans la console avant le calcul automatique') || r)
  FROM jsonb_array_elements("formations"."results") AS r
  WHERE (r->>'year')::int < extract(year from (now() at time zone 'Europe/Paris'))::int
), '[]'::jsonb)
WHERE jsonb_array_length("results") > 0;
