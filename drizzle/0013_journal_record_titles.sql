-- The Journal d'activité names every record at write time, never by a person (see
-- app/server/admin/audit-titles.server.ts). Older entries get the same names where what names them
-- is still known, and lose the personal values they kept.
UPDATE "audit_log" AS a
SET "details" = coalesce(a."details", '{}'::jsonb) || jsonb_build_object('title',
  f."title" || ', session du ' || to_char(s."start_date", 'DD/MM/YYYY') || ' (réf. ' || left(a."entity_id", 8) || ')')
FROM "applications" AS ap
JOIN "formation_sessions" AS s ON s."id" = ap."session_id"
JOIN "formations" AS f ON f."id" = s."formation_id"
WHERE a."entity" = 'application' AND a."entity_id" = ap."id"::text AND a."details"->>'title' IS NULL;
--> statement-breakpoint
UPDATE "audit_log" AS a
SET "details" = a."details" || jsonb_build_object('title',
  f."title" || ', session du ' || to_char((a."details"->>'startDate')::date, 'DD/MM/YYYY'))
FROM "formations" AS f
WHERE a."entity" = 'formation_session' AND f."id"::text = a."details"->>'formationId'
  AND a."details"->>'startDate' ~ '^\d{4}-\d{2}-\d{2}$' AND a."details"->>'title' IS NULL;
--> statement-breakpoint
UPDATE "audit_log" AS a
SET "details" = coalesce(a."details", '{}'::jsonb) || jsonb_build_object('title',
  coalesce(nullif(c."formation_interest", ''), 'Demande') || ' (réf. ' || left(a."entity_id", 8) || ')')
FROM "contact_requests" AS c
WHERE a."entity" = 'contact_request' AND a."entity_id" = c."id"::text AND a."details"->>'title' IS NULL;
--> statement-breakpoint
-- A testimonial was named by its author: the name goes, the reference names it.
UPDATE "audit_log"
SET "details" = (coalesce("details", '{}'::jsonb) - 'name')
  || jsonb_build_object('title', 'Témoignage (réf. ' || left("entity_id", 8) || ')')
WHERE "entity" = 'testimonial' AND "entity_id" IS NOT NULL;
--> statement-breakpoint
-- Paramètres kept every changed value: the people's (publication director, disability referent,
-- lead recipient) are dropped, the field's name stays.
UPDATE "audit_log"
SET "details" = jsonb_set("details", '{changes}', (
  SELECT coalesce(jsonb_object_agg(e.k, CASE WHEN e.k IN ('publicationDirector', 'referentName',
    'referentPhone', 'referentEmail', 'leadRecipient') THEN '{}'::jsonb ELSE e.v END), '{}'::jsonb)
  FROM jsonb_each("details"->'changes') AS e(k, v)))
WHERE "entity" = 'centre_settings' AND jsonb_typeof("details"->'changes') = 'object';
