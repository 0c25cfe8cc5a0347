import { useRef } from "react";
import { Button } from "~/ui/button";
import { SelectField, TextField } from "~/ui/console/form-fields";
import { useAdminFetcher } from "~/ui/console/use-admin-fetcher";
import { TITLE_MAX } from "../console-schema";
import {
  QUESTIONNAIRE_KIND_LABELS,
  QUESTIONNAIRE_KINDS,
  SURVEY_AUDIENCE_LABELS,
  SURVEY_AUDIENCES,
} from "../vocabulary";

/** A new questionnaire: its title, kind and audience; its questions are added on its own page. */
export function NewQuestionnaireForm({ disabled }: { disabled: boolean }) {
  const form = useRef<HTMLFormElement>(null);
  const fetcher = useAdminFetcher((result) => {
    if (result.ok) form.current?.reset();
  });
  const errors = fetcher.data?.ok === false ? fetcher.data.errors : undefined;
  return (
    <fetcher.Form
      method="post"
      ref={form}
      className="grid gap-3 sm:grid-cols-[1fr_10rem_10rem_auto] sm:items-end"
      aria-label="Nouveau questionnaire"
    >
      <input type="hidden" name="intent" value="create" />
      <TextField
        form="survey-new"
        name="title"
        label="Nouveau questionnaire"
        placeholder="Ex. : Avis des entreprises d'accueil"
        maxLength={TITLE_MAX}
        errors={errors}
        disabled={disabled}
      />
      <SelectField
        form="survey-new"
        name="kind"
        label="Type"
        errors={errors}
        defaultValue="autre"
        options={QUESTIONNAIRE_KINDS.map((k) => ({ value: k, label: QUESTIONNAIRE_KIND_LABELS[k] }))}
        disabled={disabled}
      />
      <SelectField
        form="survey-new"
        name="audience"
        label="Public"
        errors={errors}
        defaultValue="learner"
        options={SURVEY_AUDIENCES.map((a) => ({ value: a, label: SURVEY_AUDIENCE_LABELS[a] }))}
        disabled={disabled}
      />
      <Button type="submit" variant="outline" disabled={disabled || fetcher.state !== "idle"}>
        Créer
      </Button>
    </fetcher.Form>
  );
}
