import { ChevronLeft, ChevronRight } from "lucide-react";
import { Link } from "react-router";
import { useLoadErrorToast } from "~/components/admin/form-fields";
import { PageHeader } from "~/components/admin/page-header";
import { buttonClass } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import {
  type CalendarEvent,
  dayLabel,
  EVENT_KIND_LABELS,
  type EventKind,
  monthFrom,
  monthLabel,
  monthWeeks,
  parisToday,
  shiftMonth,
  WEEKDAY_NAMES,
} from "~/lib/calendar";
import { cn } from "~/lib/cn";
import { loadOr } from "~/server/admin/action.server";
import { calendarMonth } from "~/server/admin/calendar.server";
import { requirePermission } from "~/server/session.server";
import type { Route } from "./+types/calendar";

export const meta: Route.MetaFunction = () => [{ title: "Calendrier | Console d'administration" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { app } = context;
  await requirePermission({ request, context }, "calendar:read");
  const month = monthFrom(new URL(request.url).searchParams);
  const { value, loadError } = await loadOr(app, "événements", () => calendarMonth(app.db, month), {
    month,
    events: [],
  });
  return { ...value, today: parisToday(), loadError };
}

/** Colour helps, the kind's words say it: each event shows its kind as text. */
const KIND_STYLES: Record<EventKind, string> = {
  "session-start": "border-l-emerald-600",
  "session-end": "border-l-slate-500",
  interview: "border-l-blue-600",
  callback: "border-l-amber-600",
};

function EventLink({ event }: { event: CalendarEvent }) {
  return (
    <Link
      to={event.href}
      className={cn(
        "block break-words rounded border-l-4 bg-muted/50 px-1.5 py-1 text-xs hover:bg-muted focus-visible:outline-2",
        KIND_STYLES[event.kind],
      )}
    >
      <span className="font-semibold">
        {EVENT_KIND_LABELS[event.kind]}
        {event.time ? ` ${event.time.replace(":", " h ")}` : ""}
      </span>
      <span className="sr-only"> : </span> <span className="block">{event.title}</span>
    </Link>
  );
}

function byDay(events: CalendarEvent[]): Map<string, CalendarEvent[]> {
  const days = new Map<string, CalendarEvent[]>();
  for (const event of events) {
    const list = days.get(event.day) ?? [];
    list.push(event);
    days.set(event.day, list);
  }
  return days;
}

export default function CalendarPage({ loaderData }: Route.ComponentProps) {
  const { month, events, today, loadError } = loaderData;
  useLoadErrorToast(loadError);
  const days = byDay(events);
  const label = monthLabel(month);
  const weeks = monthWeeks(month);
  return (
    <>
      <PageHeader
        title="Calendrier"
        description="Débuts et fins de session, entretiens planifiés et demandes de rappel en attente (heure de Paris)."
      />
      <nav aria-label="Mois" className="mb-4 flex flex-wrap items-center gap-2">
        <Link to={`?mois=${shiftMonth(month, -1)}`} className={buttonClass("outline", "sm")}>
          <ChevronLeft aria-hidden="true" className="h-4 w-4" /> Mois précédent
        </Link>
        <Link to={`?mois=${today.slice(0, 7)}`} className={buttonClass("outline", "sm")}>
          Aujourd'hui
        </Link>
        <Link to={`?mois=${shiftMonth(month, 1)}`} className={buttonClass("outline", "sm")}>
          Mois suivant <ChevronRight aria-hidden="true" className="h-4 w-4" />
        </Link>
      </nav>
      <h2 className="mb-3 text-xl font-semibold first-letter:uppercase">{label}</h2>
      <Card className="hidden md:block">
        <CardContent className="p-2 sm:p-2">
          <table className="w-full table-fixed border-collapse text-sm">
            <caption className="sr-only">
              Événements de {label}, une ligne par semaine, du lundi au dimanche
            </caption>
            <thead>
              <tr>
                {WEEKDAY_NAMES.map((name) => (
                  <th key={name} scope="col" className="p-1 text-left text-xs font-medium capitalize">
                    <abbr title={name} className="no-underline">
                      {name.slice(0, 3)}.
                    </abbr>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {weeks.map((week) => (
                <tr key={week.find(Boolean) ?? ""}>
                  {week.map((day, i) =>
                    day ? (
                      <td
                        key={day}
                        aria-current={day === today ? "date" : undefined}
                        className={cn(
                          "h-24 border p-1 align-top",
                          day === today && "bg-primary/10 ring-2 ring-inset ring-primary",
                        )}
                      >
                        <span className={cn("mb-1 block text-xs", day === today && "font-bold")}>
                          {Number(day.slice(8, 10))}
                          {day === today ? <span className="sr-only"> (aujourd'hui)</span> : null}
                        </span>
                        <ul className="space-y-1">
                          {(days.get(day) ?? []).map((event) => (
                            <li key={event.key}>
                              <EventLink event={event} />
                            </li>
                          ))}
                        </ul>
                      </td>
                    ) : (
                      // biome-ignore lint/suspicious/noArrayIndexKey: the empty cells before and after the month have no other identity
                      <td key={`empty-${i}`} className="border bg-muted/30" />
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </CardContent>
      </Card>
      <section aria-label={`Événements de ${label}`} className="md:hidden">
        {days.size === 0 ? <p className="text-muted-foreground">Aucun événement ce mois-ci.</p> : null}
        {[...days].map(([day, list]) => (
          <div key={day} className={cn("mb-4 rounded-md p-2", day === today && "bg-primary/10")}>
            <h3
              className="mb-2 font-medium first-letter:uppercase"
              aria-current={day === today ? "date" : undefined}
            >
              {dayLabel(day)}
              {day === today ? " (aujourd'hui)" : ""}
            </h3>
            <ul className="space-y-2">
              {list.map((event) => (
                <li key={event.key}>
                  <EventLink event={event} />
                </li>
              ))}
            </ul>
          </div>
        ))}
      </section>
    </>
  );
}
