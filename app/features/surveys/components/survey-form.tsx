import { Form } from "react-router";
import { Button } from "~/ui/button";
import { FormAlert } from "~/ui/field";
import { Label, Textarea } from "~/ui/input";
import { type AskedQuestion, fieldOf, RATINGS, TEXT_ANSWER_MAX } from "../answer-rules";
import type { QuestionType } from "../vocabulary";

const RATING_WORDS: Record<string, string> = {
  "1": "1 – Pas du tout satisfait·e",
  "2": "2",
  "3": "3",
  "4": "4",
  "5": "5 – Tout à fait satisfait·e",
};

const errorId = (field: string) => `${field}-error`;

function Choices({
  question,
  choices,
  value,
  error,
  inline,
}: {
  question: AskedQuestion;
  choices: readonly { value: string; label: string }[];
  value: string;
  error: string | undefined;
  inline: boolean;
}) {
  const field = fieldOf(question.id);
  return (
    // The legend names the group; each radio says when the answer is wrong and where the message is.
    <fieldset className="space-y-3">
      <legend className="mb-2 font-medium">
        {question.label}
        {question.required ? (
          <>
            <span aria-hidden="true"> *</span>
            <span className="sr-only"> (obligatoire)</span>
          </>
        ) : null}
      </legend>
      <div className={inline ? "flex flex-wrap gap-x-5 gap-y-2" : "grid gap-2"}>
        {choices.map((c) => (
          <label key={c.value} className="flex min-h-6 items-center gap-2">
            <input
              type="radio"
              name={field}
              value={c.value}
              defaultChecked={value === c.value}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId(field) : undefined}
              className="h-5 w-5 accent-primary"
            />
            <span>{c.label}</span>
          </label>
        ))}
      </div>
      {error ? (
        <p id={errorId(field)} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

function QuestionField({
  question,
  value,
  error,
}: {
  question: AskedQuestion;
  value: string;
  error: string | undefined;
}) {
  if (question.type === "text") {
    const field = fieldOf(question.id);
    return (
      <div className="space-y-2">
        <Label htmlFor={field}>
          {question.label}
          {question.required ? <span aria-hidden="true"> *</span> : " (facultatif)"}
        </Label>
        <Textarea
          id={field}
          name={field}
          defaultValue={value}
          maxLength={TEXT_ANSWER_MAX}
          aria-required={question.required || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId(field) : undefined}
        />
        {error ? (
          <p id={errorId(field)} className="text-sm text-destructive">
            {error}
          </p>
        ) : null}
      </div>
    );
  }
  const { choices, inline } = choicesOf(question, question.type);
  return <Choices question={question} choices={choices} value={value} error={error} inline={inline} />;
}

/**
 * The radio buttons of a question that is not free text: a note or oui/non on one line, the options
 * one under the other. A switch whose default is `never`: a new question type does not compile until
 * it is laid out here.
 */
function choicesOf(
  question: AskedQuestion,
  type: Exclude<QuestionType, "text">,
): { choices: { value: string; label: string }[]; inline: boolean } {
  switch (type) {
    case "rating":
      return { choices: RATINGS.map((r) => ({ value: r, label: RATING_WORDS[r] ?? r })), inline: true };
    case "yes_no":
      return {
        choices: [
          { value: "oui", label: "Oui" },
          { value: "non", label: "Non" },
        ],
        inline: true,
      };
    case "choice":
      return { choices: question.options.map((o) => ({ value: o, label: o })), inline: false };
    default: {
      const unhandled: never = type;
      return unhandled;
    }
  }
}

/**
 * The questionnaire as a plain form posted to its own link: radio buttons in a fieldset with its
 * legend, a labelled text area, each error under its question and tied to it. It works without
 * JavaScript; with it, React Router posts the same form.
 */
export function SurveyForm({
  questions,
  values,
  errors,
}: {
  questions: readonly AskedQuestion[];
  values: Record<string, string>;
  errors: Record<string, string> | undefined;
}) {
  const count = errors ? Object.keys(errors).length : 0;
  return (
    // The server's French messages answer, never the browser's bubbles: noValidate.
    <Form method="post" noValidate className="space-y-8">
      {count ? (
        <FormAlert
          message={{
            title: "Vos réponses ne sont pas encore enregistrées",
            description:
              count === 1
                ? "Une question demande votre attention, signalée ci-dessous."
                : `${count} questions demandent votre attention, signalées ci-dessous.`,
          }}
        />
      ) : null}
      <p className="text-sm text-muted-foreground">
        Les questions marquées d'un astérisque (*) sont obligatoires.
      </p>
      {questions.map((q) => (
        <QuestionField
          key={q.id}
          question={q}
          value={values[fieldOf(q.id)] ?? ""}
          error={errors?.[fieldOf(q.id)]}
        />
      ))}
      <Button type="submit">Envoyer mes réponses</Button>
    </Form>
  );
}
