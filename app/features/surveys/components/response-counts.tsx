import { type AudienceCounts, countText } from "../rates";
import { SURVEY_AUDIENCE_LABELS, SURVEY_AUDIENCES } from "../vocabulary";

/** A session's response rate per audience asked: 'Employeurs : 1 sur 2 (50 %)'; '—' when nobody was. */
export function ResponseCounts({ counts }: { counts: AudienceCounts }) {
  const asked = SURVEY_AUDIENCES.filter((a) => counts[a].invited > 0);
  if (asked.length === 0) return <span className="text-muted-foreground">—</span>;
  return (
    <ul className="grid gap-0.5 text-sm" data-testid="survey-rates">
      {asked.map((a) => (
        <li key={a} className="whitespace-nowrap">
          {SURVEY_AUDIENCE_LABELS[a]}
          {"\u00a0: "}
          {countText(counts[a])}
        </li>
      ))}
    </ul>
  );
}
