import { CalendarDays, Download, FileText, Mail, Phone, Users } from "lucide-react";
import { Link } from "react-router";
import { formatDateRange, formatDay } from "~/features/catalogue";
import { trainerDocumentHref, trainerSlotHref } from "~/features/spaces";
import { trainerOf, trainerSpace } from "~/features/spaces/index.server";
import { slotPlaceText, timeText } from "~/features/timetable";
import { TRAINER_DOCUMENT_KIND_LABELS } from "~/features/trainers";
import { expiryText } from "~/features/trainers/index.server";
import { parisToday } from "~/platform/dates";
import { pageTitle } from "~/platform/seo";
import { buttonClass } from "~/ui/button";
import type { Route } from "./+types/trainer";

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageTitle(matches, "Mon espace formateur·rice"),
  { name: "robots", content: "noindex" },
];

/** The trainer's own space: the walls first (trainerOf: a 404 for anyone else's), then what it holds. */
export async function loader(args: Route.LoaderArgs) {
  const { membership } = await trainerOf(args, args.params.trainerId);
  const space = await trainerSpace(args.context.app.db, membership.trainerId);
  if (!space) throw new Response("Page introuvable", { status: 404 });
  const today = parisToday();
  return {
    ...space,
    documents: space.documents.map((d) => ({
      id: d.id,
      kind: d.kind,
      label: d.label,
      expiry: d.expiresOn ? expiryText(d.expiresOn, today) : null,
      expired: d.expiresOn !== null && d.expiresOn < today,
    })),
  };
}

export default function TrainerSpacePage({ loaderData }: Route.ComponentProps) {
  const s = loaderData;
  return (
    <main id="contenu" className="space-y-8">
      <header>
        <h1 className="text-2xl font-semibold [overflow-wrap:anywhere]">{s.name}</h1>
        <p className="text-muted-foreground">Vos sessions, vos créneaux et leur émargement, vos documents.</p>
      </header>

      <section aria-labelledby="mes-sessions" className="space-y-3">
        <h2 id="mes-sessions" className="flex items-center gap-2 text-lg font-semibold">
          <CalendarDays aria-hidden="true" className="h-5 w-5" /> Mes sessions
        </h2>
        {s.sessions.length ? (
          <ul className="space-y-4">
            {s.sessions.map((session) => (
              <li
                key={session.id}
                className="space-y-3 rounded-xl border border-border p-4"
                data-testid="trainer-session"
              >
                <div>
                  <p className="font-medium [overflow-wrap:anywhere]">{session.title}</p>
                  <p className="text-sm text-muted-foreground">
                    {formatDateRange(session.startDate, session.endDate)}
                    {session.place ? ` · ${session.place}` : ""}
                  </p>
                </div>
                <div>
                  <h3 className="text-sm font-semibold">Mes créneaux</h3>
                  <ul className="mt-1 divide-y divide-border rounded-lg border border-border">
                    {session.slots.map((slot) => (
                      <li
                        key={slot.id}
                        className="flex flex-wrap items-center justify-between gap-2 p-3 text-sm"
                        data-testid="trainer-slot"
                      >
                        <span>
                          <span className="block font-medium">
                            {formatDay(slot.day)}, {timeText(slot.startMinute)} – {timeText(slot.endMinute)}
                          </span>
                          <span className="block text-muted-foreground [overflow-wrap:anywhere]">
                            {slotPlaceText(slot, session.place)}
                            {session.countersigned.includes(slot.id) ? " · contresigné" : ""}
                          </span>
                        </span>
                        <Link
                          to={trainerSlotHref(s.trainerId, slot.id)}
                          className={buttonClass("outline", "sm")}
                          aria-label={`Émargement du ${formatDay(slot.day)}, ${timeText(slot.startMinute)}`}
                        >
                          Émargement
                        </Link>
                      </li>
                    ))}
                  </ul>
                </div>
                <div>
                  <h3 className="flex items-center gap-1.5 text-sm font-semibold">
                    <Users aria-hidden="true" className="h-4 w-4" /> Stagiaires
                  </h3>
                  {session.learners.length ? (
                    <ul className="mt-1 space-y-1 text-sm" data-testid="trainer-learners">
                      {session.learners.map((l) => (
                        <li key={l.id} className="flex flex-wrap items-center gap-x-3 gap-y-0.5">
                          <span className="font-medium">
                            {l.firstName} {l.lastName}
                          </span>
                          {l.email ? (
                            <a
                              href={`mailto:${l.email}`}
                              className="inline-flex items-center gap-1 text-primary [overflow-wrap:anywhere] hover:underline"
                            >
                              <Mail aria-hidden="true" className="h-3.5 w-3.5" /> {l.email}
                            </a>
                          ) : null}
                          {l.phone ? (
                            <a
                              href={`tel:${l.phone.replace(/[^+0-9]/g, "")}`}
                              className="inline-flex items-center gap-1 text-primary hover:underline"
                            >
                              <Phone aria-hidden="true" className="h-3.5 w-3.5" /> {l.phone}
                            </a>
                          ) : null}
                        </li>
                      ))}
                    </ul>
                  ) : (
                    <p className="mt-1 text-sm text-muted-foreground">
                      Aucun·e stagiaire inscrit·e pour l'instant.
                    </p>
                  )}
                </div>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">Le centre ne vous a encore confié aucun créneau.</p>
        )}
      </section>

      <section aria-labelledby="mes-documents" className="space-y-2">
        <h2 id="mes-documents" className="flex items-center gap-2 text-lg font-semibold">
          <FileText aria-hidden="true" className="h-5 w-5" /> Mes documents
        </h2>
        {s.documents.length ? (
          <ul
            className="divide-y divide-border rounded-xl border border-border"
            data-testid="trainer-documents"
          >
            {s.documents.map((doc) => (
              <li key={doc.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
                <span>
                  <span className="block font-medium [overflow-wrap:anywhere]">{doc.label}</span>
                  <span className="block text-xs text-muted-foreground">
                    {TRAINER_DOCUMENT_KIND_LABELS[doc.kind]}
                    {doc.expiry ? (
                      <span className={doc.expired ? "font-medium text-destructive" : undefined}>
                        {" "}
                        · {doc.expiry}
                      </span>
                    ) : null}
                  </span>
                </span>
                <a
                  href={trainerDocumentHref(s.trainerId, doc.id)}
                  className={buttonClass("outline", "sm")}
                  download
                  aria-label={`Télécharger\u00a0: ${doc.label}`}
                >
                  <Download aria-hidden="true" className="h-4 w-4" /> Télécharger
                </a>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">
            Le centre ne conserve encore aucun document à votre nom.
          </p>
        )}
      </section>
    </main>
  );
}
