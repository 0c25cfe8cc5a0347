-- The contact form used to write its subject ('rdv', 'financement'…) into formation_interest when no
-- course was chosen, so the console showed 'rdv' as a formation. The subject has its own column (set
-- on every such row): the copy goes, and those requests name no course.
UPDATE "contact_requests" SET "formation_interest" = NULL
WHERE "source" = 'contact_form' AND "formation_interest" IS NOT NULL AND "formation_interest" = "subject";
