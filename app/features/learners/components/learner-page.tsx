import { RecordError } from "~/ui/console/record-error";

// What the pages about one learner (Financement, Suivi des absences, Positionnement…) share: their
// title, the way back to the learner's session in Stagiaires, and the page for a learner who is gone.

export const LEARNER_NOT_FOUND = "Stagiaire introuvable";

/** 'Positionnement de Léa Martin | Stagiaires | Console d'administration'. */
export const learnerPageTitle = (section: string, name: string | null | undefined) =>
  `${section}${name ? ` de ${name}` : ""} | Stagiaires | Console d'administration`;

/** Back to the learner's session in Stagiaires (the whole list while the page has not loaded). */
export const learnerListLink = (sessionId: string | null | undefined) => ({
  to: sessionId ? `/admin/stagiaires?session=${sessionId}` : "/admin/stagiaires",
  label: "Stagiaires de la session",
});

/** A learner page's error boundary: the learner does not exist or was erased. */
export function LearnerPageError() {
  return (
    <RecordError
      notFoundTitle={LEARNER_NOT_FOUND}
      notFoundText="Ce ou cette stagiaire n'existe pas ou a été effacé·e."
      backHref="/admin/stagiaires"
      backLabel="Retour aux stagiaires"
    />
  );
}
