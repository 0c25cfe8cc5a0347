-- The e-mail carrying a learner's personal signing link for a slot names that link: at most one per
-- link (a double click or a second instance sends nothing more), erased with the learner's link.
ALTER TABLE "mail_outbox" ADD COLUMN "attendance_link_id" uuid;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_attendance_link_id_attendance_links_id_fk" FOREIGN KEY ("attendance_link_id") REFERENCES "public"."attendance_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mail_outbox_attendance_link_idx" ON "mail_outbox" USING btree ("attendance_link_id");