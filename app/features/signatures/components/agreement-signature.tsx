import { FileSignature, PenLine } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { ConfirmDialog } from "~/ui/alert-dialog";
import { Button } from "~/ui/button";
import { useAdminFetcher } from "~/ui/console/use-admin-fetcher";
import type { SignatureRequestState } from "../types";

/** A kept document's latest demande de signature, as the learner's file reads it. */
export interface DocumentSignature {
  id: string;
  state: SignatureRequestState;
}

const LINK_LABELS: Record<SignatureRequestState, string> = {
  pending: "Signature en ligne en cours",
  signed: "Signée en ligne",
  cancelled: "Demande de signature annulée",
};

/**
 * On a convention's or a contrat's line of the learner's file: the latest demande de signature (a
 * link to its page: signers, evidence, 'Vérifier'), and 'Demander la signature' while none is en
 * cours or signée and the document is neither signed nor archived.
 */
export function AgreementSignature({
  document,
  signature,
  canRequest,
  label,
}: {
  document: { id: string; signedAt: string | Date | null; archivedAt: string | Date | null };
  signature: DocumentSignature | undefined;
  canRequest: boolean;
  /** What the button's accessible name adds: the document and the learner. */
  label: string;
}) {
  const [asking, setAsking] = useState(false);
  const fetcher = useAdminFetcher((result) => {
    if (result.ok) setAsking(false);
  });
  const busy = fetcher.state !== "idle";
  const live = signature && signature.state !== "cancelled";
  const askable = canRequest && !live && !document.signedAt && !document.archivedAt;
  return (
    <>
      {signature ? (
        <Link
          to={`/admin/signatures/${signature.id}`}
          className="inline-flex items-center gap-1 text-primary underline-offset-4 hover:underline"
          data-testid="signature-link"
        >
          <FileSignature aria-hidden="true" className="h-3 w-3" />
          {LINK_LABELS[signature.state]}
        </Link>
      ) : null}
      {askable ? (
        <Button
          variant="outline"
          size="sm"
          className="h-8 px-2 text-xs"
          aria-label={`Demander la signature${"\u00a0"}: ${label}`}
          disabled={busy}
          onClick={() => setAsking(true)}
        >
          <PenLine aria-hidden="true" className="h-3 w-3" /> Demander la signature
        </Button>
      ) : null}
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={`Demander la signature en ligne${"\u202f"}?`}
        description="Le PDF tel qu'il est conservé est figé avec son empreinte SHA-256 ; chaque signataire extérieur reçoit par e-mail le lien de la page où il le lit et le signe, connecté avec son adresse e-mail. Le centre signe ensuite depuis la console."
        confirmLabel={busy ? "Envoi..." : "Demander la signature"}
        tone="default"
        busy={busy}
        onConfirm={() =>
          fetcher.submit({ intent: "request-signature", documentId: document.id }, { method: "post" })
        }
      />
    </>
  );
}
