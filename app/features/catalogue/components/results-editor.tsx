import { useState } from "react";
import {
  type ArchivedResult,
  archiveTitle,
  RESULT_KINDS,
  RESULT_LABELS,
  type ResultKind,
} from "~/features/catalogue/results";
import { Input } from "~/ui/input";

type Draft = Record<ResultKind, { year: string; rate: string; sample: string; source: string }>;

/** A typed number, French decimal comma accepted; blank or unreadable is null (the server says why). */
const toNumber = (value: string): number | null => {
  const n = Number(value.replace(/\s/g, "").replace(",", "."));
  return value.trim() === "" || !Number.isFinite(n) ? null : n;
};

/**
 * The archived results of a formation: rates of a year before the centre used the site, per
 * indicator, with the year, the rate, how many people it counts and where it comes from. The rates
 * of the years since are computed from the learners and the surveys, never typed. A line left
 * blank records nothing. Posts as JSON in one hidden field named `name`.
 */
export function ResultsEditor({
  name,
  initial,
  error,
}: {
  name: string;
  initial: readonly ArchivedResult[];
  error: string | undefined;
}) {
  const [draft, setDraft] = useState<Draft>(() => {
    const entries = RESULT_KINDS.map((kind) => {
      const r = initial.find((x) => x.kind === kind);
      return [
        kind,
        {
          year: r ? String(r.year) : "",
          rate: r ? String(r.rate) : "",
          sample: r ? String(r.sample) : "",
          source: r?.source ?? "",
        },
      ];
    });
    return Object.fromEntries(entries) as Draft;
  });
  // An archived insertion rate keeps the period it was archived with (the row's title says it).
  const months = initial.find((r) => r.kind === "insertion")?.months;
  const serialised = JSON.stringify(
    RESULT_KINDS.filter((kind) => Object.values(draft[kind]).some((v) => v.trim() !== "")).map((kind) => ({
      kind,
      year: toNumber(draft[kind].year),
      rate: toNumber(draft[kind].rate),
      sample: toNumber(draft[kind].sample),
      source: draft[kind].source,
      ...(kind === "insertion" && months ? { months } : {}),
    })),
  );
  const set = (kind: ResultKind, field: keyof Draft[ResultKind], value: string) =>
    setDraft((d) => ({ ...d, [kind]: { ...d[kind], [field]: value } }));

  return (
    <fieldset className="space-y-2" aria-describedby={error ? `${name}-error` : undefined}>
      <legend className="text-sm font-medium">
        Archives de résultats (années avant l'utilisation du site)
      </legend>
      <p className="text-sm text-muted-foreground">
        Les taux des années en cours sont calculés à partir des stagiaires et des enquêtes. Ne saisissez ici
        qu'un résultat d'une année passée, avec sa source : la page de la formation l'affiche comme archive.
      </p>
      <input type="hidden" name={name} value={serialised} />
      <table className="w-full text-sm">
        <thead>
          <tr className="text-left text-muted-foreground">
            <th className="py-1 font-normal">Indicateur</th>
            <th className="py-1 font-normal">Année</th>
            <th className="py-1 font-normal">Taux (%)</th>
            <th className="py-1 font-normal">Effectif</th>
            <th className="py-1 font-normal">Source</th>
          </tr>
        </thead>
        <tbody>
          {RESULT_KINDS.map((kind) => {
            const label = archiveTitle({ kind, months: kind === "insertion" ? months : undefined });
            return (
              <tr key={kind}>
                <th scope="row" className="py-1 pr-2 text-left font-medium">
                  {label}
                </th>
                {(["year", "rate", "sample", "source"] as const).map((field) => (
                  <td key={field} className="py-1 pr-2">
                    <Input
                      aria-label={`${label} : ${{ year: "année", rate: "taux (%)", sample: `effectif (${RESULT_LABELS[kind].people})`, source: "source" }[field]}`}
                      inputMode={field === "rate" ? "decimal" : field === "source" ? undefined : "numeric"}
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
