import type { AdminContactRequest, MailState } from "~/features/leads/console-contacts.server";
import { appointmentModeLabel, subjectLabel } from "~/features/leads/content";
import { sourceLabel } from "~/features/leads/sources";
import { formatDateTime } from "~/platform/paris-time";
import { plural } from "~/platform/plural";
import { DialogContent } from "~/ui/dialog";
import { StatusBadge } from "./status-badge";

const KIND_LABEL: Record<string, string> = {
  contact_notification: "Notification à l'équipe",
  contact_confirmation: "Confirmation au visiteur",
};

const DELIVERY_LABEL = { sent: "Envoyé", queued: "En attente d'envoi", failing: "Échec, nouvel essai prévu" };

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1 sm:grid-cols-[10rem_1fr]">
      <dt className="text-sm font-medium text-muted-foreground">{label}</dt>
      <dd className="break-words text-sm">{children}</dd>
    </div>
  );
}

/** 'Détails de la demande', with where each e-mail it caused stands in the outbox. */
export function ContactDetails({ request, mails }: { request: AdminContactRequest; mails: MailState[] }) {
  return (
    <DialogContent title="Détails de la demande" className="max-w-2xl">
      <dl className="space-y-3">
        <Row label="Nom">
          {request.firstName} {request.lastName}
        </Row>
        <Row label="E-mail">{request.email ?? "—"}</Row>
        <Row label="Téléphone">{request.phone}</Row>
        {request.subject ? <Row label="Sujet">{subjectLabel(request.subject) ?? request.subject}</Row> : null}
        <Row label="Formation">{request.formationInterest ?? "Non spécifiée"}</Row>
        <Row label="Message">
          <span className="whitespace-pre-line">{request.message || "—"}</span>
        </Row>
        <Row label="Date de création">{formatDateTime(request.createdAt)}</Row>
        <Row label="Source">{sourceLabel(request.source)}</Row>
        <Row label="Statut">
          <StatusBadge status={request.status} />
        </Row>
        {request.callbackRequested ? <Row label="Rappel">Rappel demandé</Row> : null}
        {request.appointmentMode ? (
          <Row label="Type de rendez-vous">{appointmentModeLabel(request.appointmentMode)}</Row>
        ) : null}
      </dl>
      <h3 className="mt-6 text-sm font-semibold">Envoi des e-mails</h3>
      {mails.length === 0 ? (
        <p className="mt-2 text-sm text-muted-foreground">Aucun e-mail lié à cette demande.</p>
      ) : (
        <ul className="mt-2 space-y-2" data-testid="mail-states">
          {mails.map((mail) => (
            <li key={mail.id} className="rounded-md border border-border p-3 text-sm">
              <p className="font-medium">
                {KIND_LABEL[mail.kind] ?? mail.kind} — {mail.to}
              </p>
              <p className={mail.state === "failing" ? "text-destructive" : "text-muted-foreground"}>
                {DELIVERY_LABEL[mail.state]}
                {mail.state === "sent" && mail.sentAt ? ` le ${formatDateTime(mail.sentAt)}` : null}
                {mail.attempts > 0 && mail.state !== "sent"
                  ? ` (${plural(mail.attempts, "tentative")})`
                  : null}
              </p>
              {mail.state === "failing" && mail.lastError ? (
                <p className="mt-1 break-words text-xs text-destructive">
                  Dernière erreur : {mail.lastError}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </DialogContent>
  );
}
