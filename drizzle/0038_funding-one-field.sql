ALTER TABLE "formations" ALTER COLUMN "financing_eligible" SET DEFAULT false;
--> statement-breakpoint
-- hand-written:
-- One funding field. A formation whose 'Éligible au financement' was on without any funder named
-- printed 'Éligible CPF': it keeps saying so, now as the funder 'CPF'. Then 'finançable' is read
-- from the funders everywhere.
UPDATE "formations" SET "funding" = ARRAY['CPF']::text[] WHERE "financing_eligible" AND cardinality("funding") = 0;--> statement-breakpoint
UPDATE "formations" SET "financing_eligible" = cardinality("funding") > 0;
