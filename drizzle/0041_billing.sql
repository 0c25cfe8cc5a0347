CREATE TYPE "public"."invoice_kind" AS ENUM('invoice', 'credit_note');--> statement-breakpoint
CREATE TYPE "public"."invoice_purpose" AS ENUM('deposit', 'final', 'attended', 'custom');--> statement-breakpoint
CREATE TYPE "public"."payer_kind" AS ENUM('company', 'opco', 'france_travail', 'region', 'other_public', 'training_body', 'individual');--> statement-breakpoint
CREATE TYPE "public"."payment_means" AS ENUM('transfer', 'cheque', 'card', 'direct_debit');--> statement-breakpoint
CREATE TABLE "billing_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"number_format" text DEFAULT 'F-{AAAA}-{NNNNN}' NOT NULL,
	"vat_number" text DEFAULT '' NOT NULL,
	"payment_terms_days" integer DEFAULT 30 NOT NULL,
	"late_penalty_rate" text DEFAULT 'taux d''intérêt de la BCE majoré de 10 points' NOT NULL,
	"reminder_days" jsonb DEFAULT '[7,30]'::jsonb NOT NULL,
	"iban" text DEFAULT '' NOT NULL,
	"bic" text DEFAULT '' NOT NULL,
	"sales_account" text DEFAULT '706000' NOT NULL,
	"vat_account" text DEFAULT '445710' NOT NULL,
	"customer_account" text DEFAULT '411000' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_settings_single_row" CHECK ("billing_settings"."id" = 1),
	CONSTRAINT "billing_settings_payment_terms" CHECK ("billing_settings"."payment_terms_days" between 0 and 60)
);
--> statement-breakpoint
CREATE TABLE "funding_plans" (
	"learner_id" uuid PRIMARY KEY NOT NULL,
	"price_cents" integer NOT NULL,
	"hourly_rate_cents" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "funding_plans_price" CHECK ("funding_plans"."price_cents" >= 0),
	CONSTRAINT "funding_plans_hourly_rate" CHECK ("funding_plans"."hourly_rate_cents" is null or "funding_plans"."hourly_rate_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "funding_shares" (
	"learner_id" uuid NOT NULL,
	"payer_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"subrogation" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "funding_shares_learner_id_payer_id_pk" PRIMARY KEY("learner_id","payer_id"),
	CONSTRAINT "funding_shares_amount" CHECK ("funding_shares"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "invoice_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"label" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"quantity_hundredths" integer NOT NULL,
	"unit_code" text DEFAULT 'C62' NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"net_cents" integer NOT NULL,
	"deducted_invoice_id" uuid,
	CONSTRAINT "invoice_lines_quantity" CHECK ("invoice_lines"."quantity_hundredths" > 0),
	CONSTRAINT "invoice_lines_unit" CHECK ("invoice_lines"."unit_code" in ('HUR', 'C62', 'DAY'))
);
--> statement-breakpoint
CREATE TABLE "invoice_reminders" (
	"invoice_id" uuid NOT NULL,
	"level" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_reminders_invoice_id_level_pk" PRIMARY KEY("invoice_id","level")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" "invoice_kind" DEFAULT 'invoice' NOT NULL,
	"purpose" "invoice_purpose" DEFAULT 'custom' NOT NULL,
	"payer_id" uuid NOT NULL,
	"learner_id" uuid,
	"session_id" uuid,
	"credited_invoice_id" uuid,
	"number" text,
	"sequence_key" text,
	"sequence_number" integer,
	"issued_at" timestamp with time zone,
	"issued_on" date,
	"due_on" date,
	"service_start" date NOT NULL,
	"service_end" date NOT NULL,
	"seller" jsonb,
	"buyer" jsonb NOT NULL,
	"engagement_number" text,
	"learner_name" text,
	"formation_title" text,
	"vat_rate_basis_points" integer DEFAULT 0 NOT NULL,
	"net_cents" integer DEFAULT 0 NOT NULL,
	"vat_cents" integer DEFAULT 0 NOT NULL,
	"gross_cents" integer DEFAULT 0 NOT NULL,
	"payment_terms_days" integer DEFAULT 30 NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_by_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_issue_complete" CHECK (("invoices"."number" is null) = ("invoices"."issued_at" is null) and ("invoices"."number" is null) = ("invoices"."issued_on" is null)
        and ("invoices"."number" is null) = ("invoices"."sequence_number" is null) and ("invoices"."number" is null) = ("invoices"."seller" is null)
        and ("invoices"."number" is null) = ("invoices"."due_on" is null)),
	CONSTRAINT "invoices_credit_note_refers" CHECK (("invoices"."kind" = 'credit_note') = ("invoices"."credited_invoice_id" is not null)),
	CONSTRAINT "invoices_service_period" CHECK ("invoices"."service_start" <= "invoices"."service_end"),
	CONSTRAINT "invoices_vat_rate" CHECK ("invoices"."vat_rate_basis_points" between 0 and 10000),
	CONSTRAINT "invoices_amounts" CHECK ("invoices"."gross_cents" = "invoices"."net_cents" + "invoices"."vat_cents"),
	CONSTRAINT "invoices_payment_terms" CHECK ("invoices"."payment_terms_days" between 0 and 60)
);
--> statement-breakpoint
CREATE TABLE "payers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" "payer_kind" NOT NULL,
	"name" text NOT NULL,
	"siren" text,
	"siret" text,
	"vat_number" text,
	"street" text NOT NULL,
	"postal_code" text NOT NULL,
	"city" text NOT NULL,
	"country_code" text DEFAULT 'FR' NOT NULL,
	"invoicing_email" text NOT NULL,
	"contact_name" text,
	"chorus_service_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payers_siren_digits" CHECK ("payers"."siren" is null or "payers"."siren" ~ '^[0-9]{9}$'),
	CONSTRAINT "payers_siret_digits" CHECK ("payers"."siret" is null or ("payers"."siret" ~ '^[0-9]{14}$' and "payers"."siren" is not null and left("payers"."siret", 9) = "payers"."siren"))
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"received_on" date NOT NULL,
	"amount_cents" integer NOT NULL,
	"means" "payment_means" NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"created_by_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_amount" CHECK ("payments"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "funding_plans" ADD CONSTRAINT "funding_plans_learner_id_learners_id_fk" FOREIGN KEY ("learner_id") REFERENCES "public"."learners"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funding_shares" ADD CONSTRAINT "funding_shares_learner_id_funding_plans_learner_id_fk" FOREIGN KEY ("learner_id") REFERENCES "public"."funding_plans"("learner_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funding_shares" ADD CONSTRAINT "funding_shares_payer_id_payers_id_fk" FOREIGN KEY ("payer_id") REFERENCES "public"."payers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_deducted_invoice_id_invoices_id_fk" FOREIGN KEY ("deducted_invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_reminders" ADD CONSTRAINT "invoice_reminders_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_payer_id_payers_id_fk" FOREIGN KEY ("payer_id") REFERENCES "public"."payers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_learner_id_learners_id_fk" FOREIGN KEY ("learner_id") REFERENCES "public"."learners"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_session_id_formation_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."formation_sessions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_credited_invoice_id_invoices_id_fk" FOREIGN KEY ("credited_invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "funding_shares_payer_idx" ON "funding_shares" USING btree ("payer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_lines_position_idx" ON "invoice_lines" USING btree ("invoice_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_idx" ON "invoices" USING btree ("number") WHERE "invoices"."number" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_sequence_idx" ON "invoices" USING btree ("sequence_key","sequence_number") WHERE "invoices"."sequence_number" is not null;--> statement-breakpoint
CREATE INDEX "invoices_payer_idx" ON "invoices" USING btree ("payer_id");--> statement-breakpoint
CREATE INDEX "invoices_learner_idx" ON "invoices" USING btree ("learner_id");--> statement-breakpoint
CREATE INDEX "invoices_credited_idx" ON "invoices" USING btree ("credited_invoice_id");--> statement-breakpoint
CREATE INDEX "invoices_issued_on_idx" ON "invoices" USING btree ("issued_on");--> statement-breakpoint
CREATE INDEX "payers_search_idx" ON "payers" USING gin (unaccent_immutable(lower(coalesce("name", '') || ' ' || coalesce("siren", '') || ' ' || coalesce("city", ''))) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "payments_invoice_idx" ON "payments" USING btree ("invoice_id");--> statement-breakpoint
-- An issued invoice or credit note is never edited nor deleted (French law: a correction is a credit
-- note). The application never tries; this refuses anyone who does, a raw UPDATE included.
CREATE FUNCTION "invoices_frozen"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF OLD."number" IS NOT NULL THEN
		RAISE EXCEPTION 'invoice % is issued: it can be neither changed nor deleted', OLD."number" USING ERRCODE = 'P0001';
	END IF;
	IF TG_OP = 'DELETE' THEN
		RETURN OLD;
	END IF;
	RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "invoices_frozen" BEFORE UPDATE OR DELETE ON "invoices" FOR EACH ROW EXECUTE FUNCTION "invoices_frozen"();--> statement-breakpoint
-- The lines of an issued invoice are frozen with it: no line added, changed or removed.
CREATE FUNCTION "invoice_lines_frozen"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	issued text;
BEGIN
	SELECT "number" INTO issued FROM "invoices"
		WHERE "id" = CASE WHEN TG_OP = 'INSERT' THEN NEW."invoice_id" ELSE OLD."invoice_id" END;
	IF issued IS NOT NULL THEN
		RAISE EXCEPTION 'invoice % is issued: its lines can be neither changed nor deleted', issued USING ERRCODE = 'P0001';
	END IF;
	IF TG_OP = 'DELETE' THEN
		RETURN OLD;
	END IF;
	RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "invoice_lines_frozen" BEFORE INSERT OR UPDATE OR DELETE ON "invoice_lines" FOR EACH ROW EXECUTE FUNCTION "invoice_lines_frozen"();--> statement-breakpoint
INSERT INTO "billing_settings" ("id") VALUES (1) ON CONFLICT DO NOTHING;
