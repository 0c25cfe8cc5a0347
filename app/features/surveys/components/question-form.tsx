import { ArrowDown, ArrowUp, Trash2 } from "lucide-react";
import { useRef, useState } from "react";
import { Button } from "~/ui/button";
import { SelectField, TextAreaField, TextField } from "~/ui/console/form-fields";
import { useAdminFetcher } from "~/ui/console/use-admin-fetcher";
import { CheckboxField } from "~/ui/field";
import { LABEL_MAX } from "../console-schema";
import { deleteQuestionWarning } from "../question-roles";
import { QUESTION_FIELD_LABELS } from "../survey-entity";
import {
  QUESTION_ROLE_LABELS,
  QUESTION_ROLES,
  QUESTION_TYPE_LABELS,
  QUESTION_TYPES,
  type QuestionRole,
  type QuestionType,
} from "../vocabulary";

export interface EditedQuestion {
  id: string;
  label: string;
  type: QuestionType;
  required: boolean;
  options: string[];
  employedOptions: string[];
  role: string | null;
}

const TYPE_OPTIONS = QUESTION_TYPES.map((t) => ({ value: t, label: QUESTION_TYPE_LABELS[t] }));
const ROLE_OPTIONS = [
  { value: "", label: "Aucun" },
  ...QUESTION_ROLES.map((r) => ({ value: r, label: QUESTION_ROLE_LABELS[r] })),
];

/**
 * One question's fields: its text, its type, whether it is required, the options of a choice, and
 * its role in the published figures (the overall satisfaction note, the à-froid situation with the
 * answers that count as 'en emploi'). The server checks the same rules.
 */
export function QuestionForm({
  questionnaireId,
  question,
  index,
  count,
  disabled,
}: {
  questionnaireId: string;
  /** null: the form that adds a question. */
  question: EditedQuestion | null;
  index?: number;
  count?: number;
  disabled: boolean;
}) {
  const [type, setType] = useState<QuestionType>(question?.type ?? "rating");
  const [role, setRole] = useState<QuestionRole | "">((question?.role as QuestionRole | null) ?? "");
  const form = useRef<HTMLFormElement>(null);
  const fetcher = useAdminFetcher((result) => {
    if (result.ok && !question) {
      form.current?.reset();
      setType("rating");
      setRole("");
    }
  });
  const errors = fetcher.data?.ok === false ? fetcher.data.errors : undefined;
  const prefix = question ? `question-${question.id}` : "question-new";
  const busy = fetcher.state !== "idle";
  const act = (intent: string, extra: Record<string, string> = {}) =>
    fetcher.submit({ intent, questionnaireId, id: question?.id ?? "", ...extra }, { method: "post" });
  return (
    <fetcher.Form
      method="post"
      ref={form}
      className="grid gap-3"
      aria-label={question ? `${QUESTION_FIELD_LABELS.label} ${(index ?? 0) + 1}` : "Nouvelle question"}
      data-testid={question ? "survey-question" : "survey-question-new"}
    >
      <input type="hidden" name="intent" value={question ? "question-update" : "question-add"} />
      <input type="hidden" name="questionnaireId" value={questionnaireId} />
      {question ? <input type="hidden" name="id" value={question.id} /> : null}
      <TextField
        form={prefix}
        name="label"
        label={question ? `${QUESTION_FIELD_LABELS.label} ${(index ?? 0) + 1}` : "Nouvelle question"}
        defaultValue={question?.label ?? ""}
        maxLength={LABEL_MAX}
        errors={errors}
        disabled={disabled}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField
          form={prefix}
          name="type"
          label={QUESTION_FIELD_LABELS.type}
          options={TYPE_OPTIONS}
          value={type}
          onChange={(e) => setType(e.target.value as QuestionType)}
          errors={errors}
          disabled={disabled}
        />
        <SelectField
          form={prefix}
          name="role"
          label={QUESTION_FIELD_LABELS.role}
          options={ROLE_OPTIONS}
          value={role}
          onChange={(e) => setRole(e.target.value as QuestionRole | "")}
          errors={errors}
          disabled={disabled}
        />
      </div>
      {type === "choice" ? (
        <TextAreaField
          form={prefix}
          name="options"
          label={QUESTION_FIELD_LABELS.options}
          hint="Une par ligne."
          defaultValue={question?.options.join("\n") ?? ""}
          rows={4}
          errors={errors}
          disabled={disabled}
        />
      ) : null}
      {role === "situation" ? (
        <TextAreaField
          form={prefix}
          name="employedOptions"
          label={QUESTION_FIELD_LABELS.employedOptions}
          hint="Une par ligne, écrites comme dans les réponses proposées : elles font le taux d'insertion publié."
          defaultValue={question?.employedOptions.join("\n") ?? ""}
          rows={3}
          errors={errors}
          disabled={disabled}
        />
      ) : null}
      <CheckboxField
        form={prefix}
        name="required"
        errors={errors}
        defaultChecked={question?.required ?? true}
        disabled={disabled}
      >
        {QUESTION_FIELD_LABELS.required}
      </CheckboxField>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant={question ? "outline" : "default"} disabled={disabled || busy}>
          {question ? "Enregistrer la question" : "Ajouter la question"}
        </Button>
        {question ? (
          <>
            <Button
              variant="ghost"
              size="icon"
              aria-label="Monter la question"
              disabled={disabled || busy || index === 0}
              onClick={() => act("question-move", { direction: "up" })}
            >
              <ArrowUp aria-hidden="true" className="h-4 w-4" />
            </Button>
            <Button
              variant="ghost"
              size="icon"
              aria-label="Descendre la question"
              disabled={disabled || busy || index === (count ?? 0) - 1}
              onClick={() => act("question-move", { direction: "down" })}
            >
              <ArrowDown aria-hidden="true" className="h-4 w-4" />
            </Button>
            <Button
              variant="ghost"
              size="icon"
              aria-label="Supprimer la question"
              disabled={disabled || busy}
              onClick={() => {
                // The saved role, not the one being chosen in the form: that is what deleting removes.
                if (window.confirm(deleteQuestionWarning(question.role))) {
                  act("question-delete");
                }
              }}
            >
              <Trash2 aria-hidden="true" className="h-4 w-4" />
            </Button>
          </>
        ) : null}
      </div>
    </fetcher.Form>
  );
}
