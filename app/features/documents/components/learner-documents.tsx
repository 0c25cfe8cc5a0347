import { AlertTriangle, Award, FileSignature, FileText, type LucideIcon, Send } from "lucide-react";
import { Link } from "react-router";
import { DeniedControl } from "~/features/accounts";
import { INTERNAL_RULES_MISSING } from "~/features/settings";
import { formatDateTime } from "~/platform/paris-time";
import { Button, buttonClass } from "~/ui/button";
import { useAdminFetcher } from "~/ui/console/use-admin-fetcher";
import { DOCUMENT_SLUGS, DOCUMENT_TYPES, type DocumentType } from "../types";

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

/** Each document's words on the Stagiaires screen: its buttons and its preview link. */
const TYPE_WORDS: Record<
  DocumentType,
  { one: string; session: string; send: string; sendTo: string; sendAll: string; icon: LucideIcon }
> = {
  convocation: {
    one: "send-convocation",
    session: "send-convocations",
    send: "Envoyer la convocation",
    sendTo: "Envoyer la convocation à",
    sendAll: "Envoyer les convocations",
    icon: Send,
  },
  agreement: {
    one: "send-agreement",
    session: "send-agreements",
    send: "Envoyer la convention ou le contrat de formation",
    sendTo: "Envoyer la convention ou le contrat de formation à",
    sendAll: "Envoyer les conventions et contrats",
    icon: FileSignature,
  },
  attestation: {
    one: "send-attestation",
    session: "send-attestations",
    send: "Envoyer l'attestation de fin de formation",
    sendTo: "Envoyer l'attestation de fin de formation à",
    sendAll: "Envoyer les attestations",
    icon: Award,
  },
};

/**
 * One learner's document of `type`: the PDF generated from the records and e-mailed. `notYet`: why it
 * cannot be sent yet (the attestation before the session's last day), shown on a disabled button.
 */
export function SendDocumentButton({
  type,
  learnerId,
  name,
  notYet = null,
}: {
  type: DocumentType;
  learnerId: string;
  name: string;
  notYet?: string | null;
}) {
  const fetcher = useAdminFetcher();
  const busy = fetcher.state !== "idle";
  const words = TYPE_WORDS[type];
  const Icon = words.icon;
  if (notYet)
    return (
      <DeniedControl
        reason={notYet}
        label={`${words.sendTo} ${name}`}
        className={buttonClass("ghost", "icon")}
      >
        <Icon aria-hidden="true" className="h-4 w-4" />
      </DeniedControl>
    );
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label={`${words.sendTo} ${name}`}
      title={words.send}
      disabled={busy}
      onClick={() =>
        fetcher.submit({ intent: words.one, id: learnerId, requestKey: clickKey() }, { method: "post" })
      }
    >
      <Icon aria-hidden="true" className="h-4 w-4" />
    </Button>
  );
}

/** 'Envoyer les …' of a session: every learner of the session who has not had this document yet. */
export function SendSessionDocumentsButton({
  type,
  sessionId,
  notYet = null,
}: {
  type: DocumentType;
  sessionId: string;
  notYet?: string | null;
}) {
  const fetcher = useAdminFetcher();
  const busy = fetcher.state !== "idle";
  const words = TYPE_WORDS[type];
  const Icon = words.icon;
  if (notYet)
    return (
      <DeniedControl reason={notYet} className={buttonClass("outline")}>
        <Icon aria-hidden="true" className="h-4 w-4" /> {words.sendAll}
      </DeniedControl>
    );
  return (
    <Button
      variant="outline"
      disabled={busy}
      onClick={() =>
        fetcher.submit({ intent: words.session, sessionId, requestKey: clickKey() }, { method: "post" })
      }
    >
      <Icon aria-hidden="true" className="h-4 w-4" /> {busy ? "Envoi..." : words.sendAll}
    </Button>
  );
}

const PREVIEW_LABELS: Record<DocumentType, string> = {
  convocation: "convocation",
  agreement: "convention ou contrat",
  attestation: "attestation",
};

/** 'Aperçu : convocation · convention ou contrat · attestation': each document generated now, neither kept nor sent. */
export function DocumentPreviews({ learnerId }: { learnerId: string }) {
  return (
    <p className="mt-1 text-xs text-muted-foreground">
      Aperçu :{" "}
      {DOCUMENT_TYPES.map((type, i) => (
        <span key={type}>
          {i ? " · " : null}
          <a
            href={`/admin/stagiaires/${learnerId}/apercu/${DOCUMENT_SLUGS[type]}`}
            target="_blank"
            rel="noopener"
            className="text-primary underline-offset-4 hover:underline"
          >
            {PREVIEW_LABELS[type]}
          </a>
        </span>
      ))}
    </p>
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
