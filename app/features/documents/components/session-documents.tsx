import { ClipboardList } from "lucide-react";
import { formatDateTime } from "~/platform/paris-time";

/** A learner the panel names (the loader's GapLearner, serialised). */
interface Named {
  id: string;
  name: string;
  kind?: string;
  sentAt?: string | Date | null;
}

/** What a session's documents still miss (the loader's SessionGaps, serialised). */
export interface SessionGapsView {
  unsigned: Named[];
  agreementsToSend: Named[];
  noFunding: Named[];
  attestationsToSend: Named[];
  certificatesToSend: Named[];
  ended: boolean;
}

/** 'la convention envoyée le 3 mars 2027 à 14 h 02' after a learner not returned signed. */
const unsignedText = (n: Named) =>
  `${n.name} (${n.kind === "contrat" ? "contrat envoyé" : "convention envoyée"}${n.sentAt ? ` le ${formatDateTime(n.sentAt)}` : ""})`;

/**
 * The session's documents still to obtain or to send, above its learners: agreements not returned
 * signed, agreements not sent, records without funding, and from the session's last day the
 * attestations and certificats de réalisation not sent. Says so when nothing is missing.
 */
export function SessionDocumentsPanel({ gaps }: { gaps: SessionGapsView }) {
  const groups: { label: string; names: string[] }[] = [
    { label: "Conventions et contrats non retournés signés", names: gaps.unsigned.map(unsignedText) },
    { label: "Conventions et contrats à envoyer", names: gaps.agreementsToSend.map((n) => n.name) },
    { label: "Financement à renseigner", names: gaps.noFunding.map((n) => n.name) },
    {
      label: "Attestations de fin de formation à envoyer",
      names: gaps.attestationsToSend.map((n) => n.name),
    },
    { label: "Certificats de réalisation à envoyer", names: gaps.certificatesToSend.map((n) => n.name) },
  ].filter((g) => g.names.length);
  return (
    <section
      aria-labelledby="session-documents-title"
      className="mb-6 rounded-md border border-border bg-muted/30 p-4 text-sm"
      data-testid="session-documents"
    >
      <h2 id="session-documents-title" className="flex items-center gap-2 font-semibold">
        <ClipboardList aria-hidden="true" className="h-4 w-4" /> Documents de la session{"\u00a0"}: ce qui
        manque
      </h2>
      {groups.length ? (
        <ul className="mt-2 space-y-1">
          {groups.map((g) => (
            <li key={g.label}>
              <span className="font-medium">
                {g.label} ({g.names.length}){"\u00a0"}:
              </span>{" "}
              {g.names.join(", ")}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-muted-foreground">
          {gaps.ended
            ? "Rien ne manque : conventions et contrats retournés signés, attestations et certificats envoyés."
            : "Rien ne manque pour l'instant : conventions et contrats envoyés et retournés signés. Les attestations et certificats s'envoient à partir du dernier jour de la session."}
        </p>
      )}
    </section>
  );
}
