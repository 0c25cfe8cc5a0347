import { Mail, MailPlus } from "lucide-react";
import { formatDate } from "~/platform/dates";
import { Button } from "~/ui/button";
import { ErrorSummary } from "~/ui/console/error-summary";
import { ConsoleFields } from "~/ui/console/form-fields";
import { useAdminFetcher } from "~/ui/console/use-admin-fetcher";
import { DialogContent } from "~/ui/dialog";

// The console's invitations into personal spaces, placed by the Stagiaires and Financeurs screens.

/** 'Inviter dans son espace' on a learner of Stagiaires (see `SpaceInvitation`). */
export function LearnerSpaceInvitation({
  learnerId,
  ...rest
}: {
  learnerId: string;
  name: string;
  invitedAt: string | undefined;
}) {
  return <SpaceInvitation id={learnerId} {...rest} />;
}

/**
 * 'Inviter dans son espace' (never invited) or 'Renvoyer l'invitation' (with the last one's day), on
 * a learner of Stagiaires or a trainer's page of Formateurs: one post ('invite-space' with the
 * record's id), a fresh sign-in link by e-mail.
 */
export function SpaceInvitation({
  id,
  name,
  invitedAt,
}: {
  id: string;
  name: string;
  /** The last invitation (ISO), or undefined: never invited. */
  invitedAt: string | undefined;
}) {
  const fetcher = useAdminFetcher();
  const busy = fetcher.state !== "idle";
  const label = invitedAt ? "Renvoyer l'invitation" : "Inviter dans son espace";
  return (
    <fetcher.Form method="post" className="mt-2 flex flex-wrap items-center gap-2">
      <input type="hidden" name="intent" value="invite-space" />
      <input type="hidden" name="id" value={id} />
      <Button
        type="submit"
        variant="outline"
        size="sm"
        disabled={busy}
        aria-label={`${label}\u00a0: ${name}`}
      >
        <MailPlus aria-hidden="true" className="h-4 w-4" /> {busy ? "Envoi…" : label}
      </Button>
      {invitedAt ? (
        <span className="text-xs text-muted-foreground">
          Espace personnel ouvert, invitation du {formatDate(invitedAt)}
        </span>
      ) : null}
    </fetcher.Form>
  );
}

const F = "contact-espace";

/** 'Inviter un contact' on a payer of Financeurs: its company contact's space. */
export function PayerContactInvitationDialog({
  payer,
  onDone,
}: {
  payer: { id: string; name: string; contactName: string | null };
  onDone: () => void;
}) {
  const fetcher = useAdminFetcher((result) => {
    if (result.ok) onDone();
  });
  const errors = fetcher.data && !fetcher.data.ok ? fetcher.data.errors : undefined;
  const busy = fetcher.state !== "idle";
  return (
    <DialogContent
      title="Inviter un contact dans l'espace entreprise"
      description={`Le contact de ${payer.name} reçoit un lien pour entrer dans l'espace de l'entreprise.`}
      className="max-w-lg"
    >
      <fetcher.Form method="post" className="space-y-4">
        <input type="hidden" name="intent" value="invite-contact" />
        <input type="hidden" name="id" value={payer.id} />
        <ErrorSummary form={F} errors={errors} />
        <div className="grid gap-4 sm:grid-cols-2">
          <ConsoleFields
            form={F}
            errors={errors}
            fields={[
              { name: "firstName", label: "Prénom", required: true, autoComplete: "off" },
              { name: "lastName", label: "Nom", required: true, autoComplete: "off" },
            ]}
          />
        </div>
        <ConsoleFields
          form={F}
          errors={errors}
          fields={[{ name: "email", label: "E-mail", type: "email", required: true, autoComplete: "off" }]}
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onDone}>
            Annuler
          </Button>
          <Button type="submit" disabled={busy}>
            <Mail aria-hidden="true" className="h-4 w-4" /> {busy ? "Envoi…" : "Envoyer l'invitation"}
          </Button>
        </div>
      </fetcher.Form>
    </DialogContent>
  );
}
