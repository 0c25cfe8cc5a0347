ALTER TABLE "complaints" ALTER COLUMN "first_name" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "complaints" ALTER COLUMN "last_name" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "complaints" ALTER COLUMN "email" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "complaints" ALTER COLUMN "description" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "complaints" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_identity" CHECK ("complaints"."erased_at" is not null or ("complaints"."first_name" is not null and "complaints"."last_name" is not null and "complaints"."email" is not null and "complaints"."description" is not null));