import { useState } from "react";
import { STATUS_MAIL_MAX } from "~/features/applications/console-schema";
import { type StatusMailContext, seatOfferMailText } from "~/features/applications/status";
import { formatDateTime } from "~/platform/paris-time";
import { TextAreaField } from "~/ui/console/form-fields";
import { IntentForm, useIntentPost } from "~/ui/console/intent-form";

/**
 * 'Place proposée': a seat freed and is held for this waiting candidate. Says so, and proposes the
 * e-mail that offers it, which staff may rewrite before sending. The offer ends when the
 * candidate is admitted, refused or withdraws (the status form above).
 */
export function SeatOffer({
  id,
  offeredAt,
  mail,
  disabled,
}: {
  id: string;
  offeredAt: string | Date;
  mail: Pick<StatusMailContext, "firstName" | "formationTitle" | "sessionDates">;
  disabled: boolean;
}) {
  const proposal = seatOfferMailText(mail);
  const [text, setText] = useState(proposal);
  const post = useIntentPost();
  return (
    <section
      aria-labelledby="seat-offer-title"
      className="rounded-md border border-amber-300 bg-amber-50 p-4 text-amber-950"
      data-testid="seat-offer"
    >
      <h2 id="seat-offer-title" className="text-lg font-semibold">
        Place proposée
      </h2>
      <p className="mt-1 text-sm">
        Une place s'est libérée le {formatDateTime(offeredAt)} : elle est réservée à cette candidature,
        première sur la liste d'attente, jusqu'à ce qu'elle soit admise, refusée ou désistée.
      </p>
      <IntentForm
        post={post}
        intent="offer-mail"
        id={id}
        label="Proposer la place"
        className="mt-3 grid gap-3"
        submit={{ label: "Envoyer la proposition au candidat", busyLabel: "Envoi...", disabled }}
      >
        <TextAreaField
          form="offre"
          name="mailText"
          label="E-mail proposé au candidat"
          hint="Relisez-le et modifiez-le si besoin avant de l'envoyer."
          errors={post.errors}
          rows={8}
          maxLength={STATUS_MAIL_MAX}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
      </IntentForm>
    </section>
  );
}

/** The flag in the Candidatures list and on the details page's header. */
export function SeatOfferedBadge() {
  return (
    <span
      className="inline-flex items-center self-center rounded-full border border-amber-300 bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-950"
      data-testid="seat-offered"
    >
      Place proposée
    </span>
  );
}
