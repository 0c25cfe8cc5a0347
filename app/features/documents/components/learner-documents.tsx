import { Archive, Eye, FileText, Upload } from "lucide-react";
import { type ReactNode, useState } from "react";
import { DeniedControl } from "~/features/accounts";
import type { LearnerFunding, LearnerStatus } from "~/features/learners";
import { ofName } from "~/platform/french";
import { formatDateTime } from "~/platform/paris-time";
import { ConfirmDialog } from "~/ui/alert-dialog";
import { Badge } from "~/ui/badge";
import { Button, buttonClass } from "~/ui/button";
import { useAdminFetcher } from "~/ui/console/use-admin-fetcher";
import {
  agreementKindOf,
  CPF_NO_AGREEMENT,
  DOCUMENT_NAMES,
  DOCUMENT_SLUGS,
  DOCUMENT_TYPES,
  type DocumentType,
  endNotYet,
  HOURS_CHECKED,
  hoursWarning,
  recipientsOf,
  sendQuestion,
} from "../types";
import { AGREEMENT_TITLES, clickKey, KIND_LABELS, type SentDocument, TYPE_WORDS } from "./document-words";
import { SignedCopyDialog } from "./signed-copy-dialog";

export type { SentDocument };

/** What the learner's file reads of the learner (a row of the Stagiaires list). */
export interface DocumentLearner {
  id: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  status: LearnerStatus;
  endDate: string;
  fundingSource: LearnerFunding | null;
  payerName: string | null;
  payerContactName: string | null;
  payerContactEmail: string | null;
  cpfFileNumber: string | null;
  anonymisedAt: string | Date | null;
}

const small = buttonClass("outline", "sm", "h-8 px-2 text-xs");

const nameOf = (l: DocumentLearner) => [l.firstName, l.lastName].filter(Boolean).join(" ");

/** A learner's hours, as the attestation and the certificat state them. */
export interface DocumentHours {
  attendedMinutes: number;
  plannedMinutes: number;
}

/** The question, the hours' warning and the note a send asks staff to confirm. */
interface Ask {
  type: DocumentType;
  question: string;
  warning: string | null;
  note: string | null;
}

/** A dated link to a kept PDF ('Convocation envoyée le 3 mars 2027 à 14 h 02'). */
function KeptLink({ doc }: { doc: SentDocument }) {
  return (
    <a
      href={`/admin/stagiaires/documents/${doc.id}`}
      download
      className="inline-flex items-center gap-1 text-primary underline-offset-4 hover:underline"
    >
      <FileText aria-hidden="true" className="h-3 w-3" />
      {KIND_LABELS[doc.kind] ?? doc.kind} le {formatDateTime(doc.sentAt ?? doc.createdAt)}
    </a>
  );
}

/**
 * The learner's file, document by document: where each one is in its life (not sent, sent with its
 * date and PDF, signed with its copy, archived), and the labelled buttons that move it on: 'Aperçu',
 * 'Envoyer' (after a confirmation naming whom it goes to, and the hours' warning when they look
 * wrong), 'Déposer la copie signée' for a convention or a contrat, 'Archiver'. A CPF learner's
 * agreement line says why there is none.
 */
export function LearnerDocuments({
  learner,
  documents,
  hours,
  today,
  canSend,
  canGenerate,
  agreementExtra,
}: {
  learner: DocumentLearner;
  documents: readonly SentDocument[];
  hours: DocumentHours | null;
  today: string;
  canSend: boolean;
  canGenerate: boolean;
  /**
   * What another feature adds on the kept agreement's line (online signature): the route passes it,
   * so that documents need not know that feature.
   */
  agreementExtra?: (document: SentDocument, label: string) => ReactNode;
}) {
  const [ask, setAsk] = useState<Ask | null>(null);
  const [upload, setUpload] = useState<SentDocument | null>(null);
  const [archive, setArchive] = useState<SentDocument | null>(null);
  const fetcher = useAdminFetcher((result) => {
    if (!result.ok) return;
    setAsk(null);
    setUpload(null);
    setArchive(null);
  });
  const busy = fetcher.state !== "idle";
  const name = nameOf(learner);
  const active = !learner.anonymisedAt && Boolean(learner.email);
  const agreement = agreementKindOf(learner.fundingSource);

  const askToSend = (type: DocumentType, docName: string) => {
    const recipients = recipientsOf(type, learner);
    const warning =
      HOURS_CHECKED.includes(type) && hours
        ? hoursWarning(learner.status, hours.attendedMinutes, hours.plannedMinutes)
        : null;
    const note =
      type === "agreement" && agreement === "convention" && recipients[0]?.role === "learner"
        ? `Aucune adresse e-mail de contact n'est renseignée pour ${learner.payerName ?? "le financeur"} : ${name} la lui transmettra.`
        : null;
    setAsk({ type, question: sendQuestion(docName, recipients), warning, note });
  };

  const line = (type: DocumentType) => {
    const words = TYPE_WORDS[type];
    const kept = documents.filter((d) => words.kinds.includes(d.kind));
    const [latest, ...older] = kept;
    const kind = type === "agreement" ? agreement : null;
    const docName = kind === "convention" || kind === "contrat" ? DOCUMENT_NAMES[kind] : DOCUMENT_NAMES[type];
    const title = kind === "convention" || kind === "contrat" ? AGREEMENT_TITLES[kind] : words.title;
    const sendLabel = `Envoyer ${docName} à ${name}`;

    if (type === "agreement" && agreement === "none") {
      return (
        <li key={type} className="grid gap-1 py-1 sm:grid-cols-[11rem_1fr]">
          <span className="font-medium">Ni convention ni contrat</span>
          <span className="text-muted-foreground" title={CPF_NO_AGREEMENT}>
            Achat sur Mon Compte Formation
            {learner.cpfFileNumber
              ? `, dossier n° ${learner.cpfFileNumber}`
              : ", numéro de dossier à renseigner (Modifier)"}
          </span>
        </li>
      );
    }

    const refusal = !active
      ? null
      : type === "agreement" && agreement === null
        ? "Indiquez d'abord qui finance la formation (Modifier)"
        : (endNotYet(type, learner, today) ??
          (recipientsOf(type, learner).length ? null : "Aucune adresse e-mail où l'envoyer"));
    const signable = type === "agreement" && latest && !latest.archivedAt && latest.sentAt;
    const archivable = latest?.sentAt && !latest.archivedAt && (type !== "agreement" || latest.signedAt);

    return (
      <li
        key={type}
        className="grid gap-1 py-1 sm:grid-cols-[11rem_1fr] sm:items-center"
        data-document={type}
      >
        <span className="font-medium">{title}</span>
        <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
          {latest ? <KeptLink doc={latest} /> : <span className="text-muted-foreground">{words.none}</span>}
          {latest?.signedAt ? (
            <Badge variant="success" data-testid="document-signed">
              {latest.kind === "contrat" ? "Signé" : "Signée"}
            </Badge>
          ) : null}
          {latest?.archivedAt ? <Badge variant="outline">Archivée</Badge> : null}
          {type === "agreement" && latest && agreementExtra
            ? agreementExtra(latest, `${docName} ${ofName(name)}`)
            : null}
          {latest?.signedAt ? (
            <a
              href={`/admin/stagiaires/documents/${latest.id}/copie-signee`}
              download
              className="text-primary underline-offset-4 hover:underline"
            >
              Copie signée reçue le {formatDateTime(latest.signedAt)}
            </a>
          ) : null}
          {canGenerate && active && !(type === "agreement" && agreement === null) ? (
            <a
              href={`/admin/stagiaires/${learner.id}/apercu/${DOCUMENT_SLUGS[type]}`}
              target="_blank"
              rel="noopener"
              aria-label={`Aperçu de ${docName} ${ofName(name)}`}
              className={small}
            >
              <Eye aria-hidden="true" className="h-3 w-3" /> Aperçu
            </a>
          ) : null}
          {canSend && active ? (
            refusal ? (
              <DeniedControl reason={refusal} label={sendLabel} className={small}>
                <words.icon aria-hidden="true" className="h-3 w-3" /> Envoyer
              </DeniedControl>
            ) : (
              <Button
                variant="outline"
                size="sm"
                className="h-8 px-2 text-xs"
                aria-label={sendLabel}
                disabled={busy}
                onClick={() => askToSend(type, docName)}
              >
                <words.icon aria-hidden="true" className="h-3 w-3" /> Envoyer
              </Button>
            )
          ) : null}
          {canSend && signable && !latest.signedAt ? (
            <Button
              variant="outline"
              size="sm"
              className="h-8 px-2 text-xs"
              aria-label={`Déposer la copie signée${"\u00a0"}: ${docName} ${ofName(name)}`}
              onClick={() => setUpload(latest)}
            >
              <Upload aria-hidden="true" className="h-3 w-3" /> Déposer la copie signée
            </Button>
          ) : null}
          {canSend && archivable ? (
            <Button
              variant="ghost"
              size="sm"
              className="h-8 px-2 text-xs"
              aria-label={`Archiver ${docName} ${ofName(name)}`}
              onClick={() => setArchive(latest)}
            >
              <Archive aria-hidden="true" className="h-3 w-3" /> Archiver
            </Button>
          ) : null}
        </span>
        {older.length ? (
          <details className="sm:col-start-2">
            <summary className="cursor-pointer text-muted-foreground">
              {older.length === 1 ? "1 envoi précédent" : `${older.length} envois précédents`}
            </summary>
            <ul className="mt-1 space-y-0.5">
              {older.map((doc) => (
                <li key={doc.id}>
                  <KeptLink doc={doc} />
                </li>
              ))}
            </ul>
          </details>
        ) : null}
      </li>
    );
  };

  const post = (fields: Record<string, string>) => fetcher.submit(fields, { method: "post" });
  return (
    <div className="mt-2 text-xs">
      <ul
        aria-label={name ? `Documents ${ofName(name)}` : "Documents du ou de la stagiaire"}
        className="divide-y divide-border"
      >
        {DOCUMENT_TYPES.map(line)}
      </ul>
      <ConfirmDialog
        open={ask !== null}
        onOpenChange={(open) => {
          if (!open) setAsk(null);
        }}
        title={ask?.question ?? ""}
        description={
          ask?.warning || ask?.note ? (
            <>
              {ask.warning ? (
                <span className="block font-medium text-amber-900" data-testid="hours-warning">
                  Heures à vérifier : {ask.warning}
                </span>
              ) : null}
              {ask.note ? <span className="mt-1 block">{ask.note}</span> : null}
            </>
          ) : (
            "Le document est généré à partir du dossier, conservé et envoyé par e-mail avec son PDF."
          )
        }
        confirmLabel={busy ? "Envoi..." : ask?.warning ? "Envoyer malgré tout" : "Envoyer"}
        tone="default"
        busy={busy}
        onConfirm={() => {
          if (!ask) return;
          post({
            intent: TYPE_WORDS[ask.type].one,
            id: learner.id,
            requestKey: clickKey(),
            hoursConfirmed: ask.warning ? "1" : "",
          });
        }}
      />
      <ConfirmDialog
        open={archive !== null}
        onOpenChange={(open) => {
          if (!open) setArchive(null);
        }}
        title={`Archiver ce document ${ofName(name)}${"\u202f"}?`}
        description="Il reste consultable sur la fiche ; il ne figure plus parmi ce qui reste à faire."
        confirmLabel={busy ? "Archivage..." : "Archiver"}
        tone="default"
        busy={busy}
        onConfirm={() => {
          if (archive) post({ intent: "archive-document", documentId: archive.id });
        }}
      />
      {upload ? (
        <SignedCopyDialog document={upload} name={name} fetcher={fetcher} onClose={() => setUpload(null)} />
      ) : null}
    </div>
  );
}
