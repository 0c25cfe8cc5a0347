import { CheckCircle2 } from "lucide-react";
import { SurveyForm } from "~/features/surveys";
import { formatDateTime } from "~/platform/paris-time";
import type { PositioningForm } from "../answering.server";
import { POSITIONING_TITLE } from "../questions";

/** What answering posted back: saved, refused with each question's message, or already answered. */
export type PositioningPosted =
  | { saved: true }
  | { saved: false; errors: Record<string, string>; values: Record<string, string> }
  | { saved: false; answeredAt: Date | string }
  | undefined;

const Thanks = ({ children }: { children: string }) => (
  <div role="status" className="mt-8 rounded-lg border border-primary/30 bg-primary/5 p-5">
    <p className="flex items-center gap-2 font-semibold">
      <CheckCircle2 aria-hidden="true" className="h-5 w-5 shrink-0 text-primary" />
      {children}
    </p>
  </div>
);

/**
 * The questionnaire as the learner answers it, through the e-mailed link or in their space: the
 * surveys' form (radio groups with their legend, labelled text areas, each message under its
 * question), once; then the thanks, or, on a second visit, when it was answered.
 */
export function PositioningQuestionnaire({
  form,
  posted,
}: {
  form: Exclude<PositioningForm, { state: "unknown" }>;
  posted: PositioningPosted;
}) {
  const answeredAt =
    posted && "answeredAt" in posted ? posted.answeredAt : form.state === "answered" ? form.answeredAt : null;
  return (
    <>
      <p className="text-sm font-medium text-primary">{POSITIONING_TITLE}</p>
      <h1 className="mt-1 text-2xl font-bold sm:text-3xl">
        {form.state === "open" ? `Avant votre entrée en formation ${form.formation}` : POSITIONING_TITLE}
      </h1>
      {form.state === "open" ? <p className="mt-1 text-muted-foreground">Session {form.dates}</p> : null}
      {posted?.saved ? (
        <Thanks>Merci, vos réponses sont enregistrées</Thanks>
      ) : answeredAt ? (
        <Thanks>{`Vous avez déjà répondu à ce questionnaire le ${formatDateTime(answeredAt)}. Merci\u00a0!`}</Thanks>
      ) : form.state === "open" ? (
        <>
          {form.intro.map((line) => (
            <p key={line} className="mt-4">
              {line}
            </p>
          ))}
          <div className="mt-8">
            <SurveyForm
              questions={form.questions}
              values={posted && "values" in posted ? posted.values : {}}
              errors={posted && "errors" in posted ? posted.errors : undefined}
            />
          </div>
        </>
      ) : null}
    </>
  );
}
