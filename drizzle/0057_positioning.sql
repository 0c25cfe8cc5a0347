CREATE TABLE "positionings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"learner_id" uuid NOT NULL,
	"token_hash" text,
	"email" text,
	"sent_at" timestamp with time zone,
	"answered_at" timestamp with time zone,
	"answers" jsonb,
	"adaptation" text,
	"no_adaptation" boolean DEFAULT false NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "positionings_learner_id_unique" UNIQUE("learner_id"),
	CONSTRAINT "positionings_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "positionings_decision" CHECK (("positionings"."decided_at" is null and "positionings"."adaptation" is null and not "positionings"."no_adaptation")
          or ("positionings"."decided_at" is not null and (("positionings"."adaptation" is not null) <> "positionings"."no_adaptation")))
);
--> statement-breakpoint
ALTER TABLE "positionings" ADD CONSTRAINT "positionings_learner_id_learners_id_fk" FOREIGN KEY ("learner_id") REFERENCES "public"."learners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "positionings" ADD CONSTRAINT "positionings_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;