import { MessageSquareWarning } from "lucide-react";
import { useActionData, useFetcher } from "react-router";
import {
  COMPLAINT_CATEGORY_FIELD,
  COMPLAINT_DESCRIPTION_FIELD,
  COMPLAINT_LIMITS,
} from "~/features/complaints";
import { Button } from "~/ui/button";
import { Fields } from "~/ui/field";
import { useToast } from "~/ui/toast/use-toast";
import type { LearnerSpaceResult } from "../learner-space-actions.server";

/**
 * 'Faire une réclamation' inside the learner's file: the complaint is registered in the learner's
 * name and e-mail, about this session (the server takes both from the record), linked to the file.
 */
export function LearnerComplaint({ formationTitle }: { formationTitle: string }) {
  const fetcher = useFetcher<LearnerSpaceResult>();
  // Without JavaScript the form posts the page: its answer comes as the page's action data.
  const page = useActionData<LearnerSpaceResult>();
  const posted = fetcher.data ?? page;
  const result = posted?.intent === "complaint" ? posted : undefined;
  useToast(fetcher.data ? result?.toast : undefined);
  const busy = fetcher.state !== "idle";
  // A complaint sent empties the form (a new key); a refused one keeps what was typed.
  const sentKey = result?.ok ? result.toast.description : "";
  return (
    <section aria-labelledby="reclamation" className="space-y-3">
      <h2 id="reclamation" className="text-lg font-semibold">
        Faire une réclamation
      </h2>
      <p className="text-sm text-muted-foreground">
        Un problème avec cette formation{"\u00a0"}? Votre réclamation est enregistrée à votre nom, pour la
        session «{"\u00a0"}
        {formationTitle}
        {"\u00a0"}». Vous recevez un accusé de réception par e-mail et une réponse du centre.
      </p>
      {result?.ok ? (
        <p role="status" className="rounded-lg bg-muted p-3 text-sm" data-testid="complaint-sent">
          {result.toast.description}
        </p>
      ) : null}
      <fetcher.Form method="post" noValidate className="space-y-4" key={sentKey}>
        <input type="hidden" name="intent" value="complaint" />
        <Fields
          form="reclamation-espace"
          errors={result?.errors}
          values={result?.values}
          fields={[
            COMPLAINT_CATEGORY_FIELD,
            { ...COMPLAINT_DESCRIPTION_FIELD, rows: 6, hint: "20\u00a0caractères au moins" },
            {
              name: "phone",
              label: "Téléphone (facultatif)",
              type: "tel",
              autoComplete: "tel",
              maxLength: COMPLAINT_LIMITS.phone,
            },
          ]}
        />
        <Button type="submit" variant="outline" disabled={busy}>
          <MessageSquareWarning aria-hidden="true" className="h-4 w-4" />
          {busy ? "Envoi…" : "Envoyer la réclamation"}
        </Button>
      </fetcher.Form>
    </section>
  );
}
