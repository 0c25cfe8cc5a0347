CREATE TYPE "public"."signature_request_state" AS ENUM('pending', 'signed', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."signer_role" AS ENUM('learner', 'company', 'centre');--> statement-breakpoint
CREATE TABLE "signature_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"document_id" uuid NOT NULL,
	"frozen_pdf" "bytea" NOT NULL,
	"document_sha256" text NOT NULL,
	"file_name" text NOT NULL,
	"state" "signature_request_state" DEFAULT 'pending' NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"signed_pdf" "bytea",
	"signed_sha256" text,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" text,
	CONSTRAINT "signature_requests_signed_file" CHECK (("signature_requests"."state" = 'signed') = ("signature_requests"."signed_pdf" is not null and "signature_requests"."signed_sha256" is not null and "signature_requests"."completed_at" is not null)),
	CONSTRAINT "signature_requests_cancelled" CHECK (("signature_requests"."state" = 'cancelled') = ("signature_requests"."cancelled_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "signature_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"reminder_days" integer DEFAULT 7 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "signature_settings_single_row" CHECK ("signature_settings"."id" = 1),
	CONSTRAINT "signature_settings_reminder_days" CHECK ("signature_settings"."reminder_days" between 1 and 60)
);
--> statement-breakpoint
CREATE TABLE "signature_signers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"role" "signer_role" NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"position" integer NOT NULL,
	"signed_at" timestamp with time zone,
	"user_id" text,
	"verified_email" text,
	"ip" text,
	"user_agent" text,
	"document_sha256" text,
	"reminder_sent_at" timestamp with time zone,
	CONSTRAINT "signature_signers_email" CHECK ("signature_signers"."role" = 'centre' or "signature_signers"."email" is not null),
	CONSTRAINT "signature_signers_evidence" CHECK ("signature_signers"."signed_at" is null or ("signature_signers"."verified_email" is not null and "signature_signers"."document_sha256" is not null))
);
--> statement-breakpoint
ALTER TABLE "signature_requests" ADD CONSTRAINT "signature_requests_document_id_learner_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."learner_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_signers" ADD CONSTRAINT "signature_signers_request_id_signature_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."signature_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "signature_requests_document_idx" ON "signature_requests" USING btree ("document_id");--> statement-breakpoint
CREATE UNIQUE INDEX "signature_requests_live_idx" ON "signature_requests" USING btree ("document_sha256") WHERE "signature_requests"."state" <> 'cancelled';--> statement-breakpoint
CREATE UNIQUE INDEX "signature_signers_role_idx" ON "signature_signers" USING btree ("request_id","role");--> statement-breakpoint
CREATE INDEX "signature_signers_email_idx" ON "signature_signers" USING btree (lower("email"));--> statement-breakpoint
-- A signed or cancelled request is never changed again: its frozen PDF, its signed PDF and their
-- SHA-256 are the evidence. Deleting stays possible (erasing the learner takes their documents).
CREATE FUNCTION "signature_requests_frozen"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF OLD."state" <> 'pending' THEN
		RAISE EXCEPTION 'signature request % is %: it can no longer be changed', OLD."id", OLD."state" USING ERRCODE = 'P0001';
	END IF;
	RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "signature_requests_frozen" BEFORE UPDATE ON "signature_requests" FOR EACH ROW EXECUTE FUNCTION "signature_requests_frozen"();--> statement-breakpoint
-- A signer's evidence, once recorded, is never changed.
CREATE FUNCTION "signature_signers_frozen"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF OLD."signed_at" IS NOT NULL THEN
		RAISE EXCEPTION 'signer % signed: the evidence can no longer be changed', OLD."id" USING ERRCODE = 'P0001';
	END IF;
	RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "signature_signers_frozen" BEFORE UPDATE ON "signature_signers" FOR EACH ROW EXECUTE FUNCTION "signature_signers_frozen"();--> statement-breakpoint
INSERT INTO "signature_settings" ("id") VALUES (1) ON CONFLICT DO NOTHING;
