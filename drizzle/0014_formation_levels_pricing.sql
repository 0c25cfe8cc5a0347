CREATE TYPE "public"."formation_level" AS ENUM('sans-niveau', 'niveau-3', 'niveau-4', 'niveau-5', 'niveau-6', 'niveau-7');--> statement-breakpoint
CREATE TYPE "public"."formation_pricing" AS ENUM('payant', 'gratuit', 'prise-en-charge');--> statement-breakpoint
ALTER TABLE "formations" ADD COLUMN "entry_level" "formation_level";--> statement-breakpoint
ALTER TABLE "formations" ADD COLUMN "exit_level" "formation_level";--> statement-breakpoint
ALTER TABLE "formations" ADD COLUMN "pricing" "formation_pricing";--> statement-breakpoint
-- The seed wrote the level reached into level_required on three records: where they are still as
-- seeded, the entry level is their prerequisites' and the level reached is that text.
UPDATE "formations" SET "entry_level" = 'niveau-4', "exit_level" = 'niveau-5'
WHERE "slug" IN ('tp-assistant-ressources-humaines', 'tp-assistant-commercial') AND "level_required" = 'Niveau 5 (Bac+2)';--> statement-breakpoint
UPDATE "formations" SET "entry_level" = 'sans-niveau', "exit_level" = 'niveau-4'
WHERE "slug" = 'bac-pro-logistique' AND "level_required" = 'Niveau 4';--> statement-breakpoint
-- Any other text staff typed as 'Niveau requis' becomes the level it names.
UPDATE "formations" SET "entry_level" = (CASE
  WHEN lower("level_required") ~ 'niveau\s*7|bac\s*\+\s*5' THEN 'niveau-7'
  WHEN lower("level_required") ~ 'niveau\s*6|bac\s*\+\s*[34]' THEN 'niveau-6'
  WHEN lower("level_required") ~ 'niveau\s*5|bac\s*\+\s*2' THEN 'niveau-5'
  WHEN lower("level_required") ~ 'niveau\s*4|\mbac\M' THEN 'niveau-4'
  WHEN lower("level_required") ~ 'niveau\s*3|\mcap\M|\mbep\M' THEN 'niveau-3'
  WHEN lower("level_required") ~ 'ouvert|aucun|sans|d[ée]butant' THEN 'sans-niveau'
END)::"formation_level"
WHERE "entry_level" IS NULL;--> statement-breakpoint
-- Text that names no level is kept where a visitor reads it: in the prerequisites, when they are empty.
UPDATE "formations" SET "prerequisites" = "level_required"
WHERE "entry_level" IS NULL AND btrim("level_required") <> '' AND coalesce(btrim("prerequisites"), '') = '';--> statement-breakpoint
-- A price is paid; 0 on a work-study course is what its employer's OPCO covers; 0 on a short course
-- said nothing staff chose: left unset, the console lists 'Tarifs' as missing until someone does.
UPDATE "formations" SET "pricing" = 'payant' WHERE "price" > 0;--> statement-breakpoint
UPDATE "formations" SET "pricing" = 'prise-en-charge' WHERE "price" = 0 AND "formation_type" = 'alternance';--> statement-breakpoint
-- The disability referent's contact comes from Paramètres: the seed's text named a referent and a
-- phone of its own, which the course page showed beside Paramètres' after a change there.
UPDATE "formations" SET "accessibility" = 'Formation accessible aux personnes en situation de handicap : locaux accessibles, rythme, supports et modalités d''évaluation adaptés après un entretien avec notre référent·e handicap.'
WHERE "accessibility" LIKE '%Sophie Bernard, au 01 23 45 67 89%';
