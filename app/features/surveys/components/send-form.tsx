import { useState } from "react";
import { Button } from "~/ui/button";
import { SelectField, TextAreaField } from "~/ui/console/form-fields";
import { useAdminFetcher } from "~/ui/console/use-admin-fetcher";
import { ADDRESSES_MAX } from "../console-schema";

/**
 * 'Envoyer maintenant': a questionnaire to a session's learners, or to addresses pasted by staff
 * (companies, funders), about a session or none. The server skips whoever already received it.
 */
export function SendSurveyForm({
  questionnaires,
  sessions,
  disabled,
}: {
  questionnaires: readonly { id: string; title: string }[];
  sessions: readonly { id: string; label: string }[];
  disabled: boolean;
}) {
  const [target, setTarget] = useState<"learners" | "addresses">("learners");
  const fetcher = useAdminFetcher();
  const errors = fetcher.data?.ok === false ? fetcher.data.errors : undefined;
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" className="grid gap-4" aria-label="Envoyer un questionnaire maintenant">
      <input type="hidden" name="intent" value="send" />
      <SelectField
        form="survey-send"
        name="questionnaireId"
        label="Questionnaire"
        errors={errors}
        options={questionnaires.map((q) => ({ value: q.id, label: q.title }))}
        disabled={disabled}
      />
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">Destinataires</legend>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="radio"
            name="target"
            value="learners"
            checked={target === "learners"}
            onChange={() => setTarget("learners")}
            disabled={disabled}
            className="h-4 w-4 accent-primary"
          />
          Les stagiaires d'une session (hors abandons)
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="radio"
            name="target"
            value="addresses"
            checked={target === "addresses"}
            onChange={() => setTarget("addresses")}
            disabled={disabled}
            className="h-4 w-4 accent-primary"
          />
          Une liste d'adresses (entreprises, financeurs…)
        </label>
      </fieldset>
      <SelectField
        form="survey-send"
        name="sessionId"
        label={target === "learners" ? "Session" : "Session concernée (facultatif)"}
        errors={errors}
        options={[
          { value: "", label: target === "learners" ? "Choisissez une session" : "Aucune session" },
          ...sessions.map((s) => ({ value: s.id, label: s.label })),
        ]}
        disabled={disabled}
      />
      {target === "addresses" ? (
        <TextAreaField
          form="survey-send"
          name="addresses"
          label="Adresses e-mail"
          hint={`Une par ligne (ou séparées par des virgules), ${ADDRESSES_MAX} au plus. Chacune reçoit son propre lien.`}
          errors={errors}
          rows={5}
          disabled={disabled}
        />
      ) : null}
      <div>
        <Button type="submit" disabled={disabled || busy}>
          {busy ? "Envoi..." : "Envoyer maintenant"}
        </Button>
      </div>
    </fetcher.Form>
  );
}
