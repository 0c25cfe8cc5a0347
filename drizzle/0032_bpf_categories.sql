CREATE TYPE "public"."formation_bpf_objective" AS ENUM('cqp', 'skills_assessment', 'vae');--> statement-breakpoint
CREATE TYPE "public"."trainee_category" AS ENUM('private_employee', 'apprentice', 'jobseeker', 'self_funded', 'other');--> statement-breakpoint
ALTER TABLE "formations" ADD COLUMN "bpf_objective" "formation_bpf_objective";--> statement-breakpoint
ALTER TABLE "learners" ADD COLUMN "trainee_category" "trainee_category";
