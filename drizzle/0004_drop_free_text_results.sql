ALTER TABLE "formations" DROP COLUMN "employment_rate";--> statement-breakpoint
ALTER TABLE "formations" DROP COLUMN "results_indicators";--> statement-breakpoint
ALTER TABLE "formations" DROP COLUMN "results_year";