import { useState } from "react";
import { SelectField, TextAreaField } from "~/ui/console/form-fields";
import { IntentForm, useIntentPost } from "~/ui/console/intent-form";
import { ADDRESSES_MAX } from "../console-schema";

/**
 * 'Envoyer maintenant': a questionnaire to a session's people of its audience (learners, employers,
 * trainers, funders), or to addresses pasted by staff, about a session or none. The server skips whoever already received it.
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
  const post = useIntentPost();
  const { errors } = post;
  return (
    <IntentForm
      post={post}
      intent="send"
      label="Envoyer un questionnaire maintenant"
      className="grid gap-4"
      submit={{ label: "Envoyer maintenant", busyLabel: "Envoi...", disabled }}
    >
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
          Les destinataires d'une session selon son public (stagiaires hors abandons, employeurs,
          formateur·rices ou financeurs)
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
    </IntentForm>
  );
}
