import { requirePermission } from "~/features/accounts/index.server";
import { learnerFiltersFrom } from "~/features/learners";
import { exportLearners } from "~/features/learners/index.server";
import { formatIsoDay } from "~/platform/paris-time";
import type { Route } from "./+types/learners-export";

/**
 * The filtered learners as CSV for French Excel, audited. Administrators only: an export carries
 * learners' personal data out of the console.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requirePermission({ request, context }, "learners:export");
  const filters = learnerFiltersFrom(new URL(request.url).searchParams);
  const csv = await exportLearners(context.app.db, user, filters);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="stagiaires-${formatIsoDay(new Date())}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
