import { useState } from "react";
import { Link } from "react-router";
import { CountersignForm, entryText, MarkForm, windowText } from "~/features/attendance";
import { deviceOf, trainerAttendanceAction, trainerSlotAttendance } from "~/features/attendance/index.server";
import { trainerSpaceHref } from "~/features/spaces";
import { trainerOf } from "~/features/spaces/index.server";
import { trainerName } from "~/features/trainers";
import { trainerRecord } from "~/features/trainers/index.server";
import { readConsoleForm } from "~/platform/console/action.server";
import { recordedTimeText } from "~/platform/paris-time";
import { pageTitle } from "~/platform/seo";
import { useLiveRevalidation } from "~/platform/use-live";
import { Button } from "~/ui/button";
import type { Route } from "./+types/trainer-slot";

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageTitle(matches, "Émargement du créneau"),
  { name: "robots", content: "noindex" },
];

const notFound = () => new Response("Page introuvable", { status: 404 });

/**
 * One of the trainer's slots: its learners with their latest entry, the countersignature. The walls
 * first (trainerOf), then the slot must be theirs: another trainer's, or an unknown one, is a 404.
 */
export async function loader(args: Route.LoaderArgs) {
  const { membership } = await trainerOf(args, args.params.trainerId);
  const { app } = args.context;
  const [sheet, name] = await Promise.all([
    trainerSlotAttendance(app, membership.trainerId, args.params.slotId, new Date()),
    nameOf(app.db, membership.trainerId),
  ]);
  if (!sheet || !name) throw notFound();
  return { trainerId: membership.trainerId, name, sheet };
}

/** The trainer's name in the register (the one the countersignature carries), or null: gone. */
async function nameOf(db: Route.LoaderArgs["context"]["app"]["db"], trainerId: string) {
  const record = await trainerRecord(db, trainerId);
  return record ? trainerName(record.trainer) : null;
}

/** A mark or the countersignature, by the signed-in trainer, on their own slot only. */
export async function action(args: Route.ActionArgs) {
  const { user, membership } = await trainerOf(args, args.params.trainerId);
  const { app, clientIp } = args.context;
  const name = await nameOf(app.db, membership.trainerId);
  if (!name) throw notFound();
  const form = await readConsoleForm(args.request, undefined);
  if (!(form instanceof FormData)) return form;
  return trainerAttendanceAction(
    app,
    {
      actor: { id: user.id, email: user.email },
      trainerId: membership.trainerId,
      name,
    },
    args.params.slotId,
    form,
    deviceOf(args.request, clientIp),
    new Date(),
  );
}

const LIVE = ["attendance_entries"] as const;

export default function TrainerSlotPage({ loaderData }: Route.ComponentProps) {
  const { trainerId, name, sheet } = loaderData;
  useLiveRevalidation(LIVE);
  const [open, setOpen] = useState<string | null>(null);
  const slotRef = { sessionId: sheet.session.id, slotId: sheet.slot.id };
  return (
    <main id="contenu" className="space-y-6">
      <Link
        to={trainerSpaceHref(trainerId)}
        className="text-sm text-primary underline-offset-4 hover:underline"
      >
        Retour à mon espace
      </Link>
      <header>
        <h1 className="text-2xl font-semibold [overflow-wrap:anywhere]">Émargement – {sheet.slot.heading}</h1>
        <p className="text-muted-foreground [overflow-wrap:anywhere]">
          {sheet.session.title} · {windowText(sheet.slot.window)}
        </p>
      </header>
      <section aria-labelledby="presences" className="space-y-2">
        <h2 id="presences" className="text-lg font-semibold">
          Présences
        </h2>
        {sheet.learners.length ? (
          <ul className="divide-y rounded-md border">
            {sheet.learners.map((learner) => (
              <li key={learner.id} className="p-3" data-testid="slot-learner">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <div>
                    <p className="font-medium">{learner.name}</p>
                    <p className="text-sm text-muted-foreground">
                      {entryText(learner.entry, sheet.slot.day)}
                    </p>
                  </div>
                  {!learner.entry && open !== learner.id ? (
                    <Button
                      variant="outline"
                      onClick={() => setOpen(learner.id)}
                      aria-label={`Noter la présence\u00a0: ${learner.name}`}
                    >
                      Présence, absence, retard…
                    </Button>
                  ) : null}
                </div>
                {open === learner.id && !learner.entry ? (
                  <MarkForm
                    slot={slotRef}
                    learner={learner}
                    correction={false}
                    onDone={() => setOpen(null)}
                  />
                ) : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">Aucun·e stagiaire dans cette session.</p>
        )}
        <p className="text-xs text-muted-foreground">
          Une saisie ne se modifie pas ici{"\u00a0"}: pour corriger une erreur, contactez le centre.
        </p>
      </section>
      <section aria-labelledby="contresignature" className="rounded-md border p-4">
        <h2 id="contresignature" className="mb-3 text-lg font-semibold">
          Contresignature
        </h2>
        {sheet.countersignature ? (
          <p data-testid="countersignature">
            Contresigné par {sheet.countersignature.trainerName}{" "}
            {recordedTimeText(sheet.countersignature.signedAt, sheet.slot.day)}.
          </p>
        ) : sheet.slot.window === "early" ? (
          <p className="text-muted-foreground">La contresignature ouvre avec la signature.</p>
        ) : (
          <CountersignForm slot={slotRef} trainer={{ fixed: name }} />
        )}
      </section>
    </main>
  );
}
