ALTER TABLE "space_members" DROP CONSTRAINT "space_members_one_target";--> statement-breakpoint
ALTER TABLE "space_members" ADD COLUMN "trainer_id" uuid;--> statement-breakpoint
ALTER TABLE "space_members" ADD CONSTRAINT "space_members_trainer_id_trainers_id_fk" FOREIGN KEY ("trainer_id") REFERENCES "public"."trainers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "space_members_trainer_idx" ON "space_members" USING btree ("user_id","trainer_id") WHERE "space_members"."trainer_id" is not null;--> statement-breakpoint
CREATE INDEX "space_members_trainer_id_idx" ON "space_members" USING btree ("trainer_id");--> statement-breakpoint
ALTER TABLE "space_members" ADD CONSTRAINT "space_members_one_target" CHECK (num_nonnulls("space_members"."learner_id", "space_members"."payer_id", "space_members"."trainer_id") = 1);