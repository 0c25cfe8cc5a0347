-- The console's search: trigram indexes (pg_trgm) on lower-cased, accent-free text (unaccent).
-- Both extensions are "trusted": the database owner may create them without superuser rights.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
-- unaccent() is only STABLE (its dictionary could change), so it cannot be indexed; pinning the
-- dictionary makes the result depend on the text alone.
CREATE OR REPLACE FUNCTION unaccent_immutable(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;--> statement-breakpoint
DROP INDEX "contact_requests_created_idx";--> statement-breakpoint
CREATE INDEX "blog_posts_search_idx" ON "blog_posts" USING gin (unaccent_immutable(lower(coalesce("title", '') || ' ' || coalesce("excerpt", ''))) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contact_requests_created_id_idx" ON "contact_requests" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "contact_requests_status_created_id_idx" ON "contact_requests" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "contact_requests_search_idx" ON "contact_requests" USING gin (unaccent_immutable(lower(coalesce("first_name", '') || ' ' || coalesce("last_name", '') || ' ' || coalesce("email", '') || ' ' || coalesce("formation_interest", ''))) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "formations_search_idx" ON "formations" USING gin (unaccent_immutable(lower(coalesce("title", '') || ' ' || coalesce("description", ''))) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "testimonials_search_idx" ON "testimonials" USING gin (unaccent_immutable(lower(coalesce("name", '') || ' ' || coalesce("content", '') || ' ' || coalesce("company", ''))) gin_trgm_ops);