import { RecordError } from "~/ui/console/record-error";

/** What a console page of one session answers, with a 404, when the session is unknown or was deleted. */
export const SESSION_NOT_FOUND = "Session introuvable";

/** The ErrorBoundary of a console page of one session (its planning, its émargement). */
export function SessionRecordError() {
  return (
    <RecordError
      notFoundTitle={SESSION_NOT_FOUND}
      notFoundText="Cette session n'existe pas ou a été supprimée."
      backHref="/admin/formations"
      backLabel="Retour aux formations"
    />
  );
}
