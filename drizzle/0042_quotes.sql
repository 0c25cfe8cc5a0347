CREATE TYPE "public"."quote_state" AS ENUM('draft', 'sent', 'accepted', 'refused');--> statement-breakpoint
CREATE TABLE "quote_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"quote_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"label" text NOT NULL,
	"quantity_hundredths" integer NOT NULL,
	"unit_code" text DEFAULT 'C62' NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"net_cents" integer NOT NULL,
	CONSTRAINT "quote_lines_quantity" CHECK ("quote_lines"."quantity_hundredths" > 0),
	CONSTRAINT "quote_lines_price" CHECK ("quote_lines"."unit_price_cents" >= 0),
	CONSTRAINT "quote_lines_unit" CHECK ("quote_lines"."unit_code" in ('HUR', 'C62', 'DAY'))
);
--> statement-breakpoint
CREATE TABLE "quotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payer_id" uuid NOT NULL,
	"learner_id" uuid,
	"session_id" uuid,
	"title" text NOT NULL,
	"number" text,
	"state" "quote_state" DEFAULT 'draft' NOT NULL,
	"valid_until" date NOT NULL,
	"vat_rate_basis_points" integer DEFAULT 0 NOT NULL,
	"net_cents" integer DEFAULT 0 NOT NULL,
	"vat_cents" integer DEFAULT 0 NOT NULL,
	"gross_cents" integer DEFAULT 0 NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"token_hash" text,
	"sent_at" timestamp with time zone,
	"sent_to" text,
	"answered_at" timestamp with time zone,
	"answered_by" text,
	"created_by_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quotes_number_unique" UNIQUE("number"),
	CONSTRAINT "quotes_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "quotes_amounts" CHECK ("quotes"."gross_cents" = "quotes"."net_cents" + "quotes"."vat_cents" and "quotes"."net_cents" >= 0),
	CONSTRAINT "quotes_sent_numbered" CHECK (("quotes"."state" = 'draft') = ("quotes"."number" is null)),
	CONSTRAINT "quotes_answered" CHECK (("quotes"."state" in ('accepted', 'refused')) = ("quotes"."answered_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "quote_lines" ADD CONSTRAINT "quote_lines_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_payer_id_payers_id_fk" FOREIGN KEY ("payer_id") REFERENCES "public"."payers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_learner_id_learners_id_fk" FOREIGN KEY ("learner_id") REFERENCES "public"."learners"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_session_id_formation_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."formation_sessions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "quote_lines_position_idx" ON "quote_lines" USING btree ("quote_id","position");--> statement-breakpoint
CREATE INDEX "quotes_payer_idx" ON "quotes" USING btree ("payer_id");--> statement-breakpoint
CREATE INDEX "quotes_learner_idx" ON "quotes" USING btree ("learner_id");