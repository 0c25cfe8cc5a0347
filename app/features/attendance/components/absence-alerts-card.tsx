import { UserX } from "lucide-react";
import { Link } from "react-router";
import type { OpenAbsenceAlert } from "~/features/attendance/absence-alerts.server";
import { alertText, followUpHref } from "~/features/attendance/absence-text";
import { formatDateRange } from "~/features/catalogue";
import { formatDate } from "~/platform/dates";
import { Card, CardContent, CardHeader } from "~/ui/card";

/**
 * The dashboard's 'Absences à suivre': the alerts no follow-up answered yet, newest first, each
 * linking to the learner's follow-up page. Nothing when there is none.
 */
export function AbsenceAlertsCard({ alerts }: { alerts: OpenAbsenceAlert[] }) {
  if (!alerts.length) return null;
  return (
    <Card className="mt-4" data-testid="dashboard-absence-alerts">
      <CardHeader className="flex-row items-center justify-between pb-2 sm:pb-2">
        <h2 className="text-sm font-medium">Absences à suivre</h2>
        <UserX aria-hidden="true" className="h-4 w-4 text-muted-foreground" />
      </CardHeader>
      <CardContent>
        <ul className="grid gap-2 text-sm">
          {alerts.map((a) => (
            <li key={a.id}>
              <Link
                to={followUpHref(a.learnerId)}
                className="font-medium text-primary underline-offset-4 hover:underline"
              >
                {`${a.firstName ?? ""} ${a.lastName ?? ""}`.trim()}
              </Link>
              {" – "}
              {a.formationTitle} ({formatDateRange(a.startDate, a.endDate)}){" – "}
              {alertText(a.kind, a.observed)}, le {formatDate(a.createdAt)}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
