import { data, type LoaderFunctionArgs } from "react-router";
import { requirePermission } from "~/features/accounts/index.server";
import type { Actor } from "~/features/audit/index.server";
import type { Db } from "~/platform/db/client.server";
import { formatIsoDay } from "~/platform/paris-time";
import { type AnswerFilters, answerFiltersFrom } from "./console-schema";

/**
 * A loader that answers one of the surveys' CSV files for French Excel ('<stem>-<day>.csv'), made
 * by `write` from the screen's filters. Administrators only (`surveys:export`): the files hold what
 * people wrote. An unknown questionnaire is a 404.
 */
export function surveyCsvDownload(
  write: (db: Db, actor: Actor, filters: AnswerFilters) => Promise<string | null>,
  stem: string,
) {
  return async ({ request, context }: LoaderFunctionArgs) => {
    const { user } = await requirePermission({ request, context }, "surveys:export");
    const csv = await write(context.app.db, user, answerFiltersFrom(new URL(request.url).searchParams));
    if (csv === null) throw data("Questionnaire introuvable", { status: 404 });
    return new Response(csv, {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${stem}-${formatIsoDay(new Date())}.csv"`,
        "Cache-Control": "no-store",
      },
    });
  };
}
