import { AlertTriangle, FileText, Send } from "lucide-react";
import { Link } from "react-router";
import { INTERNAL_RULES_MISSING } from "~/features/settings";
import { formatDateTime } from "~/platform/paris-time";
import { Button } from "~/ui/button";
import { useAdminFetcher } from "~/ui/console/use-admin-fetcher";

/** What the Stagiaires list knows of a sent document (the loader's DocumentSummary, serialised). */
export interface SentDocument {
  id: string;
  kind: string;
  createdAt: string | Date;
  sentAt: string | Date | null;
  sentTo: string | null;
}

const KIND_LABELS: Record<string, string> = {
  convocation: "Convocation envoyée",
  convention: "Convention de formation envoyée",
  contrat: "Contrat de formation envoyé",
  attestation: "Attestation de fin de formation envoyée",
};

/**
 * The key of one click: the server keeps it with the document, so that the same click posted
 * twice (a retry, two instances) sends one e-mail.
 */
const clickKey = () =>
  typeof crypto.randomUUID === "function"
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;

/** 'Envoyer la convocation' for one learner: the PDF generated from the records and e-mailed. */
export function SendConvocationButton({ learnerId, name }: { learnerId: string; name: string }) {
  const fetcher = useAdminFetcher();
  const busy = fetcher.state !== "idle";
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label={`Envoyer la convocation à ${name}`}
      title="Envoyer la convocation"
      disabled={busy}
      onClick={() =>
        fetcher.submit(
          { intent: "send-convocation", id: learnerId, requestKey: clickKey() },
          { method: "post" },
        )
      }
    >
      <Send aria-hidden="true" className="h-4 w-4" />
    </Button>
  );
}

/** 'Envoyer les convocations': every learner of the session who has not had one yet. */
export function SendSessionConvocationsButton({ sessionId }: { sessionId: string }) {
  const fetcher = useAdminFetcher();
  const busy = fetcher.state !== "idle";
  return (
    <Button
      variant="outline"
      disabled={busy}
      onClick={() =>
        fetcher.submit({ intent: "send-convocations", sessionId, requestKey: clickKey() }, { method: "post" })
      }
    >
      <Send aria-hidden="true" className="h-4 w-4" /> {busy ? "Envoi..." : "Envoyer les convocations"}
    </Button>
  );
}

/** The learner's sent documents, each with its date and its PDF. */
export function SentDocuments({ documents }: { documents: readonly SentDocument[] }) {
  if (!documents.length) return null;
  return (
    <ul className="mt-1 space-y-0.5 text-xs" aria-label="Documents envoyés">
      {documents.map((d) => (
        <li key={d.id}>
          <a
            href={`/admin/stagiaires/documents/${d.id}`}
            download
            className="inline-flex items-center gap-1 text-primary underline-offset-4 hover:underline"
          >
            <FileText aria-hidden="true" className="h-3 w-3" />
            {KIND_LABELS[d.kind] ?? d.kind} le {formatDateTime(d.sentAt ?? d.createdAt)}
          </a>
        </li>
      ))}
    </ul>
  );
}

/** Above the learners while Paramètres has no règlement intérieur: convocations would leave without it. */
export function InternalRulesWarning() {
  return (
    <div
      role="status"
      className="mb-6 flex items-start gap-3 rounded-md border border-amber-300 bg-amber-50 p-4 text-amber-900"
    >
      <AlertTriangle aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
      <p>
        {INTERNAL_RULES_MISSING}{" "}
        <Link to="/admin/parametres#settings-reglement" className="underline underline-offset-4">
          Renseigner le règlement intérieur
        </Link>
      </p>
    </div>
  );
}
