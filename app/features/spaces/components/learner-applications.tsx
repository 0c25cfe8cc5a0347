import { FileText } from "lucide-react";
import { formatDateRange } from "~/features/catalogue";
import { formatFullDateTime } from "~/platform/paris-time";
import { CANDIDATE_STATUS_WORDS, SEAT_OFFERED_WORDS } from "../application-words";
import type { LearnerApplication } from "../learner-applications.server";

// 'Mes candidatures' on the space's home: each application, its session, and where it stands in words
// a candidate understands (the console's statuses, said as the e-mails say them).

type Shown = Omit<LearnerApplication, "createdAt" | "interviewAt" | "startDate" | "endDate"> & {
  createdAt: Date | string;
  interviewAt: Date | string | null;
  startDate: string;
  endDate: string;
};

export function LearnerApplications({ applications }: { applications: readonly Shown[] }) {
  if (applications.length === 0) return null;
  return (
    <section aria-labelledby="mes-candidatures" className="space-y-3">
      <h2 id="mes-candidatures" className="flex items-center gap-2 text-lg font-semibold">
        <FileText aria-hidden="true" className="h-5 w-5" /> Mes candidatures
      </h2>
      <ul className="divide-y divide-border rounded-xl border border-border">
        {applications.map((a) => {
          const words =
            a.status === "waitlisted" && a.seatOffered
              ? SEAT_OFFERED_WORDS
              : CANDIDATE_STATUS_WORDS[a.status];
          return (
            <li key={a.id} className="space-y-1 p-3" data-testid="application">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span>
                  <span className="block font-medium [overflow-wrap:anywhere]">{a.formationTitle}</span>
                  <span className="text-xs text-muted-foreground">
                    {formatDateRange(a.startDate, a.endDate)}
                  </span>
                </span>
                <span className="rounded-full bg-muted px-2 py-0.5 text-xs font-medium">{words.label}</span>
              </div>
              <p className="text-sm text-muted-foreground">
                {words.hint}
                {a.status === "interview" && a.interviewAt
                  ? ` Le ${formatFullDateTime(a.interviewAt)}${a.interviewPlace ? `, ${a.interviewPlace}` : ""}.`
                  : ""}
              </p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
