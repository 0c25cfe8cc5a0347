// The session-wide sending on the Stagiaires screen: one button per document type for every learner
// of the session, and the warning shown while Paramètres has no règlement intérieur.
import { AlertTriangle } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Link } from "react-router";
import { DeniedControl } from "~/features/accounts";
import { INTERNAL_RULES_MISSING } from "~/features/settings";
import { ConfirmDialog } from "~/ui/alert-dialog";
import { Button, buttonClass } from "~/ui/button";
import { useAdminFetcher } from "~/ui/console/use-admin-fetcher";
import { type DocumentType, sessionEndNotYet } from "../types";
import { clickKey, TYPE_WORDS } from "./document-words";

/**
 * 'Envoyer les …' of a session: every learner of the session who has not had this document yet,
 * after a confirmation. `notYet`: why it cannot leave yet (the closing documents before the
 * session's last day), on a disabled button.
 */
export function SendSessionDocumentsButton({
  type,
  sessionId,
  today,
  endDate,
}: {
  type: DocumentType;
  sessionId: string;
  today: string;
  /** The session's last day, when known: the closing documents wait for it. */
  endDate: string | null;
}) {
  const [asking, setAsking] = useState(false);
  const fetcher = useAdminFetcher(() => setAsking(false));
  const busy = fetcher.state !== "idle";
  const words = TYPE_WORDS[type];
  const notYet = endDate ? sessionEndNotYet(type, { endDate }, today) : null;
  const content: ReactNode = (
    <>
      <words.icon aria-hidden="true" className="h-4 w-4" /> {busy ? "Envoi..." : words.sendAll}
    </>
  );
  if (notYet)
    return (
      <DeniedControl reason={notYet} className={buttonClass("outline")}>
        {content}
      </DeniedControl>
    );
  return (
    <>
      <Button variant="outline" disabled={busy} onClick={() => setAsking(true)}>
        {content}
      </Button>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={`${words.sendAll} de la session${"\u202f"}?`}
        description={`${words.allName.charAt(0).toUpperCase()}${words.allName.slice(1)} part par e-mail à chaque stagiaire de la session à qui ce document n'a pas encore été envoyé. Les dossiers incomplets et les heures à vérifier sont laissés de côté et signalés.`}
        confirmLabel={busy ? "Envoi..." : "Envoyer"}
        tone="default"
        busy={busy}
        onConfirm={() =>
          fetcher.submit({ intent: words.session, sessionId, requestKey: clickKey() }, { method: "post" })
        }
      />
    </>
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
