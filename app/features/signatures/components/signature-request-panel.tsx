import { FileDown, PenLine, ShieldCheck, XCircle } from "lucide-react";
import { useState } from "react";
import { formatDateTime } from "~/platform/paris-time";
import { ConfirmDialog } from "~/ui/alert-dialog";
import { Badge } from "~/ui/badge";
import { Button, buttonClass } from "~/ui/button";
import { Card, CardContent } from "~/ui/card";
import { useAdminFetcher } from "~/ui/console/use-admin-fetcher";
import type { SignatureRequestState, SignerRole } from "../types";
import { SIGNATURE_STATE_LABELS, SIGNER_ROLE_LABELS } from "../vocabulary";

/** A request as its console page shows it (the loader's view, serialised). */
export interface RequestPanelData {
  request: {
    id: string;
    fileName: string;
    state: SignatureRequestState;
    documentSha256: string;
    signedSha256: string | null;
    createdAt: string | Date;
    completedAt: string | Date | null;
    cancelledAt: string | Date | null;
  };
  signers: {
    id: string;
    role: SignerRole;
    name: string;
    email: string | null;
    signedAt: string | Date | null;
    verifiedEmail: string | null;
    ip: string | null;
    userAgent: string | null;
    documentSha256: string | null;
    reminderSentAt: string | Date | null;
  }[];
}

const small = "h-8 px-2 text-xs";

/** One line of a signer's evidence. */
function Evidence({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="grid gap-0.5 sm:grid-cols-[14rem_1fr]">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="[overflow-wrap:anywhere]" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/**
 * Who signs the document and who signed it when, with the evidence of each signature (verified
 * e-mail, date and time, IP address, browser, SHA-256 of the PDF shown); 'Vérifier' recomputes the
 * SHA-256 of the stored files; 'Signer pour le centre' (signatures:sign) and 'Annuler la demande'.
 */
export function SignatureRequestPanel({
  data,
  canSign,
  canManage,
}: {
  data: RequestPanelData;
  canSign: boolean;
  canManage: boolean;
}) {
  const { request, signers } = data;
  const [confirm, setConfirm] = useState<"sign-centre" | "cancel" | null>(null);
  const fetcher = useAdminFetcher(() => setConfirm(null));
  const verifier = useAdminFetcher();
  const busy = fetcher.state !== "idle";
  const pending = request.state === "pending";
  const centre = signers.find((s) => s.role === "centre");
  const verdict = verifier.data?.toast;
  return (
    <div className="grid gap-6">
      <Card>
        <CardContent>
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="text-lg font-semibold">Document</h2>
            <Badge variant={request.state === "signed" ? "success" : "secondary"} data-testid="request-state">
              {SIGNATURE_STATE_LABELS[request.state]}
            </Badge>
          </div>
          <dl className="mt-3 grid gap-2 text-sm">
            <Evidence label="Fichier" value={request.fileName} />
            <Evidence label="Demandée le" value={formatDateTime(request.createdAt)} />
            <Evidence
              label="Empreinte SHA-256 du document"
              value={request.documentSha256}
              testId="request-sha256"
            />
            {request.completedAt ? (
              <Evidence label="Signée par tous le" value={formatDateTime(request.completedAt)} />
            ) : null}
            {request.signedSha256 ? (
              <Evidence label="Empreinte SHA-256 du PDF signé" value={request.signedSha256} />
            ) : null}
            {request.cancelledAt ? (
              <Evidence label="Annulée le" value={formatDateTime(request.cancelledAt)} />
            ) : null}
          </dl>
          <div className="mt-4 flex flex-wrap gap-2">
            <a
              href={`/admin/signatures/${request.id}/document.pdf`}
              download
              className={buttonClass("outline", "sm", small)}
            >
              <FileDown aria-hidden="true" className="h-3 w-3" /> Document à signer
            </a>
            {request.state === "signed" ? (
              <a
                href={`/admin/signatures/${request.id}/signe.pdf`}
                download
                className={buttonClass("outline", "sm", small)}
              >
                <FileDown aria-hidden="true" className="h-3 w-3" /> Document signé
              </a>
            ) : null}
            <verifier.Form method="post">
              <input type="hidden" name="intent" value="verify" />
              <Button
                type="submit"
                variant="outline"
                size="sm"
                className={small}
                disabled={verifier.state !== "idle"}
              >
                <ShieldCheck aria-hidden="true" className="h-3 w-3" /> Vérifier
              </Button>
            </verifier.Form>
            {canSign && pending && centre && !centre.signedAt ? (
              <Button size="sm" className={small} disabled={busy} onClick={() => setConfirm("sign-centre")}>
                <PenLine aria-hidden="true" className="h-3 w-3" /> Signer pour le centre
              </Button>
            ) : null}
            {canManage && pending ? (
              <Button
                variant="ghost"
                size="sm"
                className={small}
                disabled={busy}
                onClick={() => setConfirm("cancel")}
              >
                <XCircle aria-hidden="true" className="h-3 w-3" /> Annuler la demande
              </Button>
            ) : null}
          </div>
          {verdict ? (
            <p
              role="status"
              data-testid="verify-result"
              className={`mt-3 text-sm font-medium ${verifier.data?.ok ? "text-green-800" : "text-destructive"}`}
            >
              {verdict.description ?? verdict.title}
            </p>
          ) : null}
        </CardContent>
      </Card>
      <Card>
        <CardContent>
          <h2 className="mb-3 text-lg font-semibold">Signataires</h2>
          <ul className="grid gap-4">
            {signers.map((s) => (
              <li
                key={s.id}
                data-testid="signer"
                data-role={s.role}
                className="border-t pt-3 first:border-t-0 first:pt-0"
              >
                <p className="font-medium">
                  {SIGNER_ROLE_LABELS[s.role]} · {s.name}{" "}
                  {s.signedAt ? (
                    <Badge variant="success">Signé</Badge>
                  ) : (
                    <Badge variant="outline">Pas encore signé</Badge>
                  )}
                </p>
                <dl className="mt-2 grid gap-1 text-sm">
                  {s.email ? <Evidence label="Adresse e-mail" value={s.email} /> : null}
                  {s.signedAt ? (
                    <>
                      <Evidence label="Signé le" value={formatDateTime(s.signedAt)} testId="signed-at" />
                      <Evidence label="Adresse e-mail vérifiée" value={s.verifiedEmail ?? ""} />
                      <Evidence label="Adresse IP" value={s.ip ?? "inconnue"} />
                      <Evidence label="Navigateur" value={s.userAgent ?? "inconnu"} />
                      <Evidence
                        label="Empreinte SHA-256 du document présenté"
                        value={s.documentSha256 ?? ""}
                        testId="signer-sha256"
                      />
                    </>
                  ) : s.reminderSentAt ? (
                    <Evidence label="Relancé le" value={formatDateTime(s.reminderSentAt)} />
                  ) : null}
                </dl>
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
      <ConfirmDialog
        open={confirm !== null}
        onOpenChange={(open) => {
          if (!open) setConfirm(null);
        }}
        title={
          confirm === "cancel"
            ? `Annuler cette demande de signature${"\u202f"}?`
            : `Signer ce document au nom du centre${"\u202f"}?`
        }
        description={
          confirm === "cancel"
            ? "Le lien envoyé ne permettra plus de signer. Une nouvelle demande pourra être faite."
            : "Votre adresse e-mail vérifiée, la date et l'heure, votre adresse IP, votre navigateur et l'empreinte SHA-256 du document sont enregistrés comme preuve de la signature."
        }
        confirmLabel={confirm === "cancel" ? "Annuler la demande" : "Signer"}
        tone={confirm === "cancel" ? "destructive" : "default"}
        busy={busy}
        onConfirm={() => {
          if (confirm) fetcher.submit({ intent: confirm }, { method: "post" });
        }}
      />
    </div>
  );
}
