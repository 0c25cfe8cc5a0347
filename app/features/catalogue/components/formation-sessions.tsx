import { CalendarDays, MapPin, Repeat, Users } from "lucide-react";
import {
  acceptsApplications,
  formatDateRange,
  type PublicSession,
  type SessionStatus,
  seatsText,
  sessionModeLabel,
  sessionModeSchema,
} from "~/features/catalogue/sessions";
import { useLiveRevalidation } from "~/platform/use-live";
import { Badge, type BadgeVariant } from "~/ui/badge";
import { ButtonLink } from "~/ui/button";

const STATUS_VARIANT: Record<SessionStatus, BadgeVariant> = {
  open: "success",
  last_seats: "default",
  full: "secondary",
  closed: "outline",
};

// An admission elsewhere changes the seats left: the open page follows (the layout already follows
// formations).
const LIVE = ["formation_sessions"] as const;

/** The course page's 'Prochaines sessions': one card per session, with its seats and 'Candidater'. */
export function FormationSessions({ slug, sessions }: { slug: string; sessions: PublicSession[] }) {
  useLiveRevalidation(LIVE);
  return (
    <section aria-labelledby="sessions" className="rounded-xl border border-border bg-background p-6">
      <h2 id="sessions" className="text-2xl font-bold">
        Prochaines sessions
      </h2>
      {sessions.length === 0 ? (
        <p className="mt-4 text-muted-foreground">
          Sessions à venir : nous consulter. Demandez à être rappelé·e pour connaître les prochaines dates.
        </p>
      ) : (
        <ul className="mt-4 grid gap-4">
          {sessions.map((s) => (
            <li
              key={s.id}
              className="grid gap-3 rounded-lg border border-border p-4"
              data-testid="session"
              data-session-id={s.id}
            >
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="flex items-center gap-2 font-semibold first-letter:uppercase">
                  <CalendarDays aria-hidden="true" className="h-5 w-5 shrink-0 text-primary" />
                  {formatDateRange(s.startDate, s.endDate).replace(/^du /, "Du ").replace(/^le /, "Le ")}
                </p>
                <Badge variant={STATUS_VARIANT[s.status]} data-testid="session-seats">
                  {seatsText(s)}
                </Badge>
              </div>
              <dl className="grid gap-1 text-sm text-muted-foreground sm:grid-cols-2">
                <div className="flex items-center gap-2">
                  <Users aria-hidden="true" className="h-4 w-4 shrink-0" />
                  <dt className="sr-only">Modalité</dt>
                  <dd>{sessionModeLabel(s.mode)}</dd>
                </div>
                <div className="flex items-center gap-2">
                  <MapPin aria-hidden="true" className="h-4 w-4 shrink-0" />
                  <dt className="sr-only">Lieu</dt>
                  <dd>{s.place}</dd>
                </div>
                {s.rhythm ? (
                  <div className="flex items-center gap-2 sm:col-span-2">
                    <Repeat aria-hidden="true" className="h-4 w-4 shrink-0" />
                    <dt className="sr-only">Rythme</dt>
                    <dd>{s.rhythm}</dd>
                  </div>
                ) : null}
              </dl>
              {acceptsApplications(s.status) ? (
                <div className="flex flex-wrap items-center gap-3">
                  <ButtonLink to={`/formation/${slug}/candidature?session=${s.id}`} size="sm">
                    Candidater
                    <span className="sr-only"> à la session {formatDateRange(s.startDate, s.endDate)}</span>
                  </ButtonLink>
                  {s.status === "full" ? (
                    <span className="text-sm text-muted-foreground">
                      Votre candidature rejoindra la liste d'attente.
                    </span>
                  ) : null}
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** schema.org CourseInstance of each session, for the course page's JSON-LD. */
export function courseInstances(sessions: PublicSession[]) {
  return sessions.map((s) => ({
    "@type": "CourseInstance",
    courseMode: sessionModeSchema(s.mode),
    startDate: s.startDate,
    endDate: s.endDate,
    location:
      s.mode === "distance"
        ? { "@type": "VirtualLocation", name: s.place || "En ligne" }
        : { "@type": "Place", name: s.place },
    maximumAttendeeCapacity: s.seats,
    remainingAttendeeCapacity: s.seatsLeft,
  }));
}
