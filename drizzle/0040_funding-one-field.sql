ALTER TABLE "formations" ALTER COLUMN "financing_eligible" SET DEFAULT false;
--> statement-breakpoint
-- hand-written:
-- One funding field. A formation whose 'Éligible au financement' was on without any funder named
-- printed 'Éligible CPF': it keeps saying so, now as the funder 'CPF'. Then 'finançable' is read
-- from the funders everywhere.
UPDATE "formations" SET "funding" = ARRAY['CPF']::text[] WHERE "financing_eligible" AND cardinality("funding") = 0;--> statement-breakpoint
UPDATE "formations" SET "financing_eligible" = cardinality("funding") > 0;--> statement-breakpoint
-- The same for the formations' drafts and versions, so that publishing or restoring one says the same.
UPDATE "content_versions" SET "snapshot" = jsonb_set("snapshot", '{funding}', '["CPF"]'::jsonb)
  WHERE "entity_type" = 'formation' AND ("snapshot" ->> 'financingEligible') = 'true'
    AND jsonb_typeof("snapshot" -> 'funding') = 'array' AND jsonb_array_length("snapshot" -> 'funding') = 0;--> statement-breakpoint
UPDATE "content_versions"
  SET "snapshot" = jsonb_set("snapshot", '{financingEligible}', to_jsonb(jsonb_array_length("snapshot" -> 'funding') > 0))
  WHERE "entity_type" = 'formation' AND jsonb_typeof("snapshot" -> 'funding') = 'array';
