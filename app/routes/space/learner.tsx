import { CalendarPlus, Download, FileSignature, PenLine, ScrollText } from "lucide-react";
import { formatDateRange, formatDay } from "~/features/catalogue";
import { LEARNER_STATUS_LABELS } from "~/features/learners";
import { positioningStateOf } from "~/features/positioning/index.server";
import {
  DOCUMENT_TITLES,
  LearnerComplaint,
  learnerDocumentHref,
  RequestedDocuments,
} from "~/features/spaces";
import {
  learnerFeedPath,
  learnerOf,
  learnerRequestedDocuments,
  learnerSpace,
  learnerSpaceAction,
} from "~/features/spaces/index.server";
import { slotPlaceText, timeText } from "~/features/timetable";
import { formatDate } from "~/platform/dates";
import { pageTitle } from "~/platform/seo";
import { buttonClass } from "~/ui/button";
import { useToast } from "~/ui/toast/use-toast";
import type { Route } from "./+types/learner";

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageTitle(matches, "Mon dossier de formation"),
  { name: "robots", content: "noindex" },
];

/** The learner's own file: the walls first (learnerOf: a 404 for anyone else's), then what it holds. */
export async function loader(args: Route.LoaderArgs) {
  const { membership } = await learnerOf(args, args.params.learnerId);
  const { app } = args.context;
  const space = await learnerSpace(app, membership.learnerId, new Date());
  if (!space) throw new Response("Page introuvable", { status: 404 });
  return {
    ...space,
    feedUrl: `${app.config.publicUrl}${learnerFeedPath(app.config.authSecret, membership.id)}`,
    requested: await learnerRequestedDocuments(app.db, membership.learnerId),
    // The positioning questionnaire, once the centre sent it (features/positioning).
    positioning: await positioningStateOf(app.db, membership.learnerId),
  };
}

/** Sending a requested document, writing a complaint: the same walls, then the learner's own record. */
export async function action(args: Route.ActionArgs) {
  const { user, membership } = await learnerOf(args, args.params.learnerId);
  return learnerSpaceAction(args.context.app, user, membership.learnerId, args.request);
}

export default function LearnerSpacePage({ loaderData, actionData }: Route.ComponentProps) {
  const s = loaderData;
  useToast(actionData?.toast);
  return (
    <main id="contenu" className="space-y-8">
      <header>
        <h1 className="text-2xl font-semibold [overflow-wrap:anywhere]">{s.formationTitle}</h1>
        <p className="text-muted-foreground">
          {formatDateRange(s.startDate, s.endDate)}
          {s.place ? ` · ${s.place}` : ""} · {LEARNER_STATUS_LABELS[s.status]}
        </p>
      </header>

      {s.attendanceLink ? (
        <section aria-labelledby="emarger" className="rounded-xl border border-primary/40 bg-primary/5 p-4">
          <h2 id="emarger" className="font-semibold">
            Émargement ouvert
          </h2>
          <p className="text-sm">
            Créneau du {formatDay(s.attendanceLink.slot.day)}, {timeText(s.attendanceLink.slot.startMinute)} –{" "}
            {timeText(s.attendanceLink.slot.endMinute)}
          </p>
          <a href={s.attendanceLink.url} className={`${buttonClass()} mt-3`}>
            <PenLine aria-hidden="true" className="h-4 w-4" /> Signer ma présence
          </a>
        </section>
      ) : null}

      {/* Documents à signer: the signatures feature feeds it (provideDocumentsToSign, wired at boot). */}
      {s.toSign.length ? (
        <section aria-labelledby="a-signer" className="space-y-2" data-testid="documents-to-sign">
          <h2 id="a-signer" className="text-lg font-semibold">
            Documents à signer
          </h2>
          <ul className="space-y-2">
            {s.toSign.map((doc) => (
              <li key={doc.href}>
                <a href={doc.href} className={buttonClass("outline")}>
                  <FileSignature aria-hidden="true" className="h-4 w-4" /> Signer{"\u00a0"}: {doc.title}
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {s.positioning ? (
        <section aria-labelledby="positionnement" className="space-y-2">
          <h2 id="positionnement" className="text-lg font-semibold">
            Questionnaire de positionnement
          </h2>
          {s.positioning.answeredAt ? (
            <p className="text-sm text-muted-foreground">
              Vous y avez répondu le {formatDate(s.positioning.answeredAt)}. Merci{"\u00a0"}!
            </p>
          ) : (
            // The heading names the questionnaire: the button stays short enough for a 360 px screen.
            <a href={`/espace/stagiaire/${s.learnerId}/positionnement`} className={buttonClass()}>
              <ScrollText aria-hidden="true" className="h-4 w-4" /> Répondre au questionnaire
            </a>
          )}
        </section>
      ) : null}

      <RequestedDocuments requested={s.requested} />

      <section aria-labelledby="documents" className="space-y-2">
        <h2 id="documents" className="text-lg font-semibold">
          Mes documents
        </h2>
        {s.documents.length ? (
          <ul className="divide-y divide-border rounded-xl border border-border">
            {s.documents.map((doc) => (
              <li key={doc.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
                <span>
                  <span className="font-medium">{DOCUMENT_TITLES[doc.kind] ?? doc.kind}</span>
                  <span className="block text-xs text-muted-foreground">
                    envoyé le {formatDate(doc.sentAt)}
                  </span>
                </span>
                <a
                  href={learnerDocumentHref(s.learnerId, doc.id)}
                  className={buttonClass("outline", "sm")}
                  download
                  aria-label={`Télécharger\u00a0: ${DOCUMENT_TITLES[doc.kind] ?? doc.kind}`}
                >
                  <Download aria-hidden="true" className="h-4 w-4" /> Télécharger
                </a>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">
            Le centre ne vous a pas encore envoyé de document pour cette formation.
          </p>
        )}
      </section>

      <section aria-labelledby="planning" className="space-y-2">
        <h2 id="planning" className="text-lg font-semibold">
          Mon planning
        </h2>
        {s.slots.length ? (
          <ul className="divide-y divide-border rounded-xl border border-border" data-testid="timetable">
            {s.slots.map((slot) => (
              <li key={slot.id} className="p-3 text-sm">
                <p className="font-medium">
                  {formatDay(slot.day)}, {timeText(slot.startMinute)} – {timeText(slot.endMinute)}
                </p>
                <p className="text-muted-foreground [overflow-wrap:anywhere]">
                  {slotPlaceText(slot, s.place)}
                  {slot.trainer ? ` · ${slot.trainer}` : ""}
                </p>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">
            Le planning de votre session n'est pas encore publié.
          </p>
        )}
        <div className="rounded-lg bg-muted p-3 text-sm">
          <p className="flex items-center gap-2 font-medium">
            <CalendarPlus aria-hidden="true" className="h-4 w-4" /> Ajouter à mon agenda
          </p>
          <p className="mt-1 text-muted-foreground">
            Abonnez votre agenda à ce lien (iCalendar)
            {"\u00a0"}: il suit les changements du planning. Gardez-le pour vous.
          </p>
          <input
            readOnly
            aria-label="Lien iCalendar de mon planning"
            value={s.feedUrl}
            className="mt-2 w-full rounded-md border border-border bg-background px-2 py-1 text-xs"
            onFocus={(event) => event.currentTarget.select()}
          />
        </div>
      </section>

      {s.surveys.length ? (
        <section aria-labelledby="questionnaires" className="space-y-2">
          <h2 id="questionnaires" className="text-lg font-semibold">
            Mes questionnaires
          </h2>
          <ul className="space-y-2">
            {s.surveys.map((survey) => (
              <li key={survey.url}>
                <a href={survey.url} className={buttonClass("outline")}>
                  <ScrollText aria-hidden="true" className="h-4 w-4" /> {survey.title}
                </a>
                <span className="ml-2 text-xs text-muted-foreground">
                  jusqu'au {formatDate(survey.closesAt)}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <LearnerComplaint formationTitle={s.formationTitle} />
    </main>
  );
}
