import { useState } from "react";
import {
  type FormationResult,
  RESULT_KINDS,
  RESULT_LABELS,
  type ResultKind,
} from "~/features/catalogue/results";
import { Input } from "~/ui/input";

type Draft = Record<ResultKind, { year: string; rate: string; sample: string }>;

/** A typed number, French decimal comma accepted; blank or unreadable is null (the server says why). */
const toNumber = (value: string): number | null => {
  const n = Number(value.replace(/\s/g, "").replace(",", "."));
  return value.trim() === "" || !Number.isFinite(n) ? null : n;
};

/**
 * The recorded results of a formation: per indicator, the year, the rate and how many people it
 * counts. A line left blank records nothing (and the site shows no figure for it). Posts as JSON
 * in one hidden field named `name`.
 */
export function ResultsEditor({
  name,
  initial,
  error,
}: {
  name: string;
  initial: readonly FormationResult[];
  error: string | undefined;
}) {
  const [draft, setDraft] = useState<Draft>(() => {
    const entries = RESULT_KINDS.map((kind) => {
      const r = initial.find((x) => x.kind === kind);
      return [
        kind,
        { year: r ? String(r.year) : "", rate: r ? String(r.rate) : "", sample: r ? String(r.sample) : "" },
      ];
    });
    return Object.fromEntries(entries) as Draft;
  });
  const serialised = JSON.stringify(
    RESULT_KINDS.filter((kind) => Object.values(draft[kind]).some((v) => v.trim() !== "")).map((kind) => ({
      kind,
      year: toNumber(draft[kind].year),
      rate: toNumber(draft[kind].rate),
      sample: toNumber(draft[kind].sample),
    })),
  );
  const set = (kind: ResultKind, field: keyof Draft[ResultKind], value: string) =>
    setDraft((d) => ({ ...d, [kind]: { ...d[kind], [field]: value } }));

  return (
    <fieldset className="space-y-2" aria-describedby={error ? `${name}-error` : undefined}>
      <legend className="text-sm font-medium">
        Résultats (indicateurs publiés avec leur année et leur effectif)
      </legend>
      <input type="hidden" name={name} value={serialised} />
      <table className="w-full text-sm">
        <thead>
          <tr className="text-left text-muted-foreground">
            <th className="py-1 font-normal">Indicateur</th>
            <th className="py-1 font-normal">Année</th>
            <th className="py-1 font-normal">Taux (%)</th>
            <th className="py-1 font-normal">Effectif</th>
          </tr>
        </thead>
        <tbody>
          {RESULT_KINDS.map((kind) => {
            const label = RESULT_LABELS[kind].title;
            return (
              <tr key={kind}>
                <th scope="row" className="py-1 pr-2 text-left font-medium">
                  {label}
                </th>
                {(["year", "rate", "sample"] as const).map((field) => (
                  <td key={field} className="py-1 pr-2">
                    <Input
                      aria-label={`${label} : ${{ year: "année", rate: "taux (%)", sample: `effectif (${RESULT_LABELS[kind].people})` }[field]}`}
                      inputMode={field === "rate" ? "decimal" : "numeric"}
                      value={draft[kind][field]}
                      onChange={(e) => set(kind, field, e.target.value)}
                    />
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
      {error ? (
        <p id={`${name}-error`} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
