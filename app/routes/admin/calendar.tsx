import { ChevronLeft, ChevronRight, Copy, RefreshCw } from "lucide-react";
import { Link } from "react-router";
import { requirePermission } from "~/features/accounts/index.server";
import {
  type CalendarEvent,
  dayLabel,
  EVENT_KIND_LABELS,
  type EventKind,
  monthFrom,
  monthLabel,
  monthWeeks,
  shiftMonth,
  WEEKDAY_NAMES,
} from "~/features/calendar";
import { calendarAction, calendarMonth, feedToken } from "~/features/calendar/index.server";
import { loadOr } from "~/platform/console/action.server";
import { parisToday } from "~/platform/dates";
import { Button, buttonClass } from "~/ui/button";
import { Card, CardContent, CardHeader } from "~/ui/card";
import { cn } from "~/ui/cn";
import { useLoadErrorToast } from "~/ui/console/form-fields";
import { PageHeader } from "~/ui/console/page-header";
import { useAdminFetcher } from "~/ui/console/use-admin-fetcher";
import { Input, Label } from "~/ui/input";
import { showToast } from "~/ui/toast/toast-area";
import type { Route } from "./+types/calendar";

export const meta: Route.MetaFunction = () => [{ title: "Calendrier | Console d'administration" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { app } = context;
  const { user } = await requirePermission({ request, context }, "calendar:read");
  const month = monthFrom(new URL(request.url).searchParams);
  const { value, loadError } = await loadOr(
    app,
    "événements",
    async () => {
      const [calendar, token] = await Promise.all([calendarMonth(app.db, month), feedToken(app, user.id)]);
      return { ...calendar, feedUrl: `${app.config.publicUrl}/calendrier/${token}.ics` };
    },
    { month, events: [], feedUrl: "" },
  );
  return { ...value, today: parisToday(), loadError };
}

export const action = calendarAction;

/** Colour helps, the kind's words say it: each event shows its kind as text. */
const KIND_STYLES: Record<EventKind, string> = {
  "session-start": "border-l-emerald-600",
  "session-end": "border-l-slate-500",
  slot: "border-l-violet-600",
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

/** The member's private feed: its URL, 'Copier', and 'Régénérer le lien' (the old one stops at once). */
function FeedSection({ url }: { url: string }) {
  const fetcher = useAdminFetcher();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      showToast({ type: "success", title: "Lien copié" });
    } catch {
      showToast({
        type: "error",
        title: "Copie impossible",
        description: "Sélectionnez le lien et copiez-le.",
      });
    }
  };
  return (
    <Card className="mt-8">
      <CardHeader>
        <h2 className="text-lg font-semibold">Abonnement iCalendar</h2>
        <p className="text-sm text-muted-foreground">
          Vos entretiens et les dates de début et de fin des sessions, dans votre agenda (Outlook, Google
          Agenda, Calendrier…). Ce lien est personnel : quiconque le connaît lit ces rendez-vous. Régénérez-le
          s'il a circulé, l'ancien cessera aussitôt de fonctionner.
        </p>
      </CardHeader>
      <CardContent className="space-y-3">
        <Label htmlFor="feed-url">Adresse de votre calendrier</Label>
        <Input
          id="feed-url"
          readOnly
          value={url}
          onFocus={(e) => e.currentTarget.select()}
          className="font-mono"
        />
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={copy} disabled={!url}>
            <Copy aria-hidden="true" className="h-4 w-4" /> Copier
          </Button>
          <fetcher.Form method="post">
            <Button
              type="submit"
              name="intent"
              value="regenerate"
              variant="outline"
              disabled={fetcher.state !== "idle"}
            >
              <RefreshCw aria-hidden="true" className="h-4 w-4" /> Régénérer le lien
            </Button>
          </fetcher.Form>
        </div>
      </CardContent>
    </Card>
  );
}

export default function CalendarPage({ loaderData }: Route.ComponentProps) {
  const { month, events, today, feedUrl, loadError } = loaderData;
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
      <FeedSection url={feedUrl} />
    </>
  );
}
