ALTER TABLE "contact_requests" ADD COLUMN "appointment_mode" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "reply_to" text;--> statement-breakpoint
ALTER TABLE "contact_requests" ADD CONSTRAINT "contact_requests_appointment_mode" CHECK ("contact_requests"."appointment_mode" in ('telephone', 'visio', 'sur-place'));