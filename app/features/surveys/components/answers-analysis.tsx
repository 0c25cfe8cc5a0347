import type { SurveyAnalysis } from "../analysis.server";
import { averageText } from "../rates";
import { QUESTION_TYPE_LABELS } from "../vocabulary";

const shareOf = (count: number, of: number) => (of > 0 ? Math.round((100 * count) / of) : 0);

const valueLabel = (value: string) => (value === "oui" ? "Oui" : value === "non" ? "Non" : value);

/**
 * The analysis per question: its answers' count, a note's mean, a bar per value (note, yes/no,
 * option) with its count and share, and the free comments.
 */
export function AnswersAnalysis({ analysis }: { analysis: SurveyAnalysis }) {
  return (
    <section aria-labelledby="analysis-title" className="mb-8 grid gap-4" data-testid="survey-analysis">
      <h2 id="analysis-title" className="text-lg font-semibold">
        Analyse par question
      </h2>
      {analysis.questions.map((q) => (
        <article
          key={q.id}
          className="rounded-lg border bg-card p-4"
          data-testid="survey-question-analysis"
          aria-label={q.label}
        >
          <h3 className="font-medium">{q.label}</h3>
          <p className="text-sm text-muted-foreground">
            {QUESTION_TYPE_LABELS[q.type]} · {q.answered} réponse{q.answered > 1 ? "s" : ""}
            {q.average === null ? "" : ` · moyenne\u00a0: ${averageText(q.average)}\u00a0/\u00a05`}
          </p>
          {q.distribution.length ? (
            <dl className="mt-3 grid gap-1 text-sm">
              {q.distribution.map((d) => (
                <div
                  key={d.value}
                  className="grid grid-cols-[minmax(3rem,12rem)_1fr_auto] items-center gap-2"
                >
                  <dt className="truncate">{valueLabel(d.value)}</dt>
                  <dd className="h-2 rounded bg-muted" aria-hidden="true">
                    <div
                      className="h-2 rounded bg-primary"
                      style={{ width: `${shareOf(d.count, q.answered)}%` }}
                    />
                  </dd>
                  <dd className="whitespace-nowrap tabular-nums">
                    {d.count} ({shareOf(d.count, q.answered)}
                    {"\u202f%)"}
                  </dd>
                </div>
              ))}
            </dl>
          ) : null}
          {q.type === "text" ? (
            q.comments.length ? (
              <ul className="mt-3 grid list-disc gap-1 pl-5 text-sm">
                {q.comments.map((c, i) => (
                  // Two people may write the same words: the position tells them apart.
                  // biome-ignore lint/suspicious/noArrayIndexKey: comments have no id of their own
                  <li key={i} className="whitespace-pre-wrap break-words">
                    {c}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="mt-2 text-sm text-muted-foreground">Aucun commentaire</p>
            )
          ) : null}
        </article>
      ))}
    </section>
  );
}
