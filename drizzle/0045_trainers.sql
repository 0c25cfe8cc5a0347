CREATE TABLE "trainer_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"trainer_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"label" text NOT NULL,
	"file_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" integer NOT NULL,
	"content" "bytea" NOT NULL,
	"expires_on" date,
	"warned_for" date,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trainer_documents_kind" CHECK ("trainer_documents"."kind" in ('cv', 'diplome', 'contrat', 'autre'))
);
--> statement-breakpoint
CREATE TABLE "trainers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text NOT NULL,
	"email" text,
	"phone" text,
	"skills" text DEFAULT '' NOT NULL,
	"qualification" text DEFAULT '' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "session_slots" ADD COLUMN "trainer_id" uuid;--> statement-breakpoint
ALTER TABLE "trainer_documents" ADD CONSTRAINT "trainer_documents_trainer_id_trainers_id_fk" FOREIGN KEY ("trainer_id") REFERENCES "public"."trainers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trainer_documents_trainer_idx" ON "trainer_documents" USING btree ("trainer_id");--> statement-breakpoint
CREATE INDEX "trainer_documents_expiry_idx" ON "trainer_documents" USING btree ("expires_on");--> statement-breakpoint
CREATE UNIQUE INDEX "trainers_email_idx" ON "trainers" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "trainers_search_idx" ON "trainers" USING gin (unaccent_immutable(lower(coalesce("first_name", '') || ' ' || coalesce("last_name", '') || ' ' || coalesce("email", '') || ' ' || coalesce("skills", ''))) gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "session_slots" ADD CONSTRAINT "session_slots_trainer_id_trainers_id_fk" FOREIGN KEY ("trainer_id") REFERENCES "public"."trainers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "session_slots_trainer_idx" ON "session_slots" USING btree ("trainer_id");--> statement-breakpoint
-- Data moves (hand-written, appended to the generated statements).
-- 1. The register gets one trainer per person named either in Paramètres' 'Formateurs et
--    qualifications' lines (with that qualification) or on a slot of the timetable (without one), one
--    row per name compared without case and extra spaces; Paramètres' line wins over a slot's spelling.
--    The name is split at its first space: 'Marie Curie' → Marie / Curie, 'Jean-Pierre de La Fontaine'
--    → Jean-Pierre / de La Fontaine, a single word ('Dupont') → a last name alone.
WITH "named" AS (
  SELECT regexp_replace(btrim(q."entry"->>'name'), '\s+', ' ', 'g') AS "name",
         btrim(coalesce(q."entry"->>'qualification', '')) AS "qualification", 0 AS "source", q."n" AS "n"
    FROM "centre_settings" s,
         jsonb_array_elements(CASE WHEN jsonb_typeof(s."trainer_qualifications") = 'array'
                                   THEN s."trainer_qualifications" ELSE '[]'::jsonb END)
           WITH ORDINALITY AS q("entry", "n")
  UNION ALL
  SELECT regexp_replace(btrim("trainer"), '\s+', ' ', 'g'), '', 1, 0
    FROM "session_slots"
   WHERE nullif(btrim("trainer"), '') IS NOT NULL
), "people" AS (
  SELECT DISTINCT ON (lower("name")) "name", "qualification"
    FROM "named"
   WHERE coalesce("name", '') <> ''
   ORDER BY lower("name"), "source", "n"
)
INSERT INTO "trainers" ("first_name", "last_name", "qualification")
SELECT CASE WHEN position(' ' IN "name") > 0 THEN split_part("name", ' ', 1) ELSE '' END,
       CASE WHEN position(' ' IN "name") > 0 THEN substr("name", position(' ' IN "name") + 1) ELSE "name" END,
       "qualification"
  FROM "people";
--> statement-breakpoint
-- 2. Each slot points at its trainer, matched by the same name, and prints the register's spelling.
--    Countersignatures keep the name signed (attendance_countersignatures.trainer_name): untouched.
UPDATE "session_slots" s
   SET "trainer_id" = t."id",
       "trainer" = btrim(t."first_name" || ' ' || t."last_name")
  FROM "trainers" t
 WHERE lower(regexp_replace(btrim(s."trainer"), '\s+', ' ', 'g')) = lower(btrim(t."first_name" || ' ' || t."last_name"));
--> statement-breakpoint
-- 3. The register says each trainer's name once: renaming one renames the slots that name them.
CREATE FUNCTION "trainers_rename_slots"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."first_name" IS DISTINCT FROM OLD."first_name" OR NEW."last_name" IS DISTINCT FROM OLD."last_name" THEN
    UPDATE "session_slots" SET "trainer" = btrim(NEW."first_name" || ' ' || NEW."last_name")
     WHERE "trainer_id" = NEW."id";
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "trainers_rename_slots" AFTER UPDATE ON "trainers"
  FOR EACH ROW EXECUTE FUNCTION "trainers_rename_slots"();
--> statement-breakpoint
ALTER TABLE "centre_settings" DROP COLUMN "trainer_qualifications";
