import { data } from "react-router";
import { formatIsoDay } from "~/platform/paris-time";

/**
 * One of the surveys' CSV files for French Excel, downloaded as '<stem>-<day>.csv' and never cached;
 * null (an unknown questionnaire) is a 404.
 */
export function surveyCsvResponse(csv: string | null, stem: string): Response {
  if (csv === null) throw data("Questionnaire introuvable", { status: 404 });
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${stem}-${formatIsoDay(new Date())}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
