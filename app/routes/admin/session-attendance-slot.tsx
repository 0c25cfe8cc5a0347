import { useState } from "react";
import { data, Link } from "react-router";
import { useCan } from "~/features/accounts";
import { requirePermission } from "~/features/accounts/index.server";
import { CountersignForm, entryText, MarkForm, SignaturePad, windowText } from "~/features/attendance";
import {
  ATTENDANCE_PERMISSIONS,
  attendanceAction,
  deviceOf,
  slotAttendance,
} from "~/features/attendance/index.server";
import { entityId } from "~/platform/form-schema";
import { formatDateTime, recordedTimeText } from "~/platform/paris-time";
import { useLiveRevalidation } from "~/platform/use-live";
import { ConfirmDialog } from "~/ui/alert-dialog";
import { Button, buttonClass } from "~/ui/button";
import { BackLink } from "~/ui/console/back-link";
import { PageHeader } from "~/ui/console/page-header";
import { RecordError } from "~/ui/console/record-error";
import { useAdminFetcher } from "~/ui/console/use-admin-fetcher";
import type { Route } from "./+types/session-attendance-slot";

const NOT_FOUND = "Créneau introuvable";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title: `Émargement${loaderData ? ` – ${loaderData.sheet.slot.heading}` : ""} | Console d'administration`,
  },
];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requirePermission({ request, context }, "attendance:sign");
  const formation = entityId.safeParse(params.id);
  const session = entityId.safeParse(params.sessionId);
  const slot = entityId.safeParse(params.slotId);
  if (!formation.success || !session.success || !slot.success) throw data(NOT_FOUND, { status: 404 });
  const sheet = await slotAttendance(context.app, session.data, slot.data, new Date());
  if (!sheet || sheet.session.formationId !== formation.data) throw data(NOT_FOUND, { status: 404 });
  return { sheet };
}

// The server's clock and the device's address are read per request.
export const action = Object.assign(
  (args: Route.ActionArgs) =>
    attendanceAction(deviceOf(args.request, args.context.clientIp), new Date())(args),
  { permissions: ATTENDANCE_PERMISSIONS },
);

const LIVE = ["attendance_entries"] as const;

type Sheet = Route.ComponentProps["loaderData"]["sheet"];
type Row = Sheet["learners"][number];

function PadForm({ sheet, learner, onDone }: { sheet: Sheet; learner: Row; onDone: () => void }) {
  const fetcher = useAdminFetcher((result) => {
    if (result.ok) onDone();
  });
  const error = fetcher.data && !fetcher.data.ok ? fetcher.data.errors?.signature : undefined;
  return (
    <fetcher.Form method="post" className="mt-3 space-y-3 rounded-md border bg-muted/30 p-3">
      <input type="hidden" name="intent" value="sign" />
      <input type="hidden" name="sessionId" value={sheet.session.id} />
      <input type="hidden" name="slotId" value={sheet.slot.id} />
      <input type="hidden" name="learnerId" value={learner.id} />
      <SignaturePad label={`Signature de ${learner.name}`} error={error} />
      <div className="flex gap-2">
        <Button type="submit" disabled={fetcher.state !== "idle"}>
          Valider la signature
        </Button>
        <Button variant="ghost" onClick={onDone}>
          Annuler
        </Button>
      </div>
    </fetcher.Form>
  );
}

/** 'Lien envoyé le …' once the outbox has delivered the learner's e-mail; queued until then. */
function linkMailText(mail: Row["linkMail"]): string | null {
  if (!mail) return null;
  return mail.sentAt
    ? `Lien envoyé le ${formatDateTime(mail.sentAt)}`
    : `Lien en cours d'envoi (demandé le ${formatDateTime(mail.queuedAt)})`;
}

/** Sends each learner still following the session their personal link; already sent ones are skipped. */
function SendLinksForm({ sheet }: { sheet: Sheet }) {
  const fetcher = useAdminFetcher();
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="send-links" />
      <input type="hidden" name="sessionId" value={sheet.session.id} />
      <input type="hidden" name="slotId" value={sheet.slot.id} />
      <Button type="submit" variant="outline" disabled={fetcher.state !== "idle"}>
        Envoyer les liens par e-mail
      </Button>
    </fetcher.Form>
  );
}

/**
 * 'Tous présents' once the slot has ended: every learner without an entry is marked present in one
 * action (confirmed first: entries are never removed); the exceptions are then marked one by one.
 */
function AllPresentForm({ sheet, missing }: { sheet: Sheet; missing: number }) {
  const fetcher = useAdminFetcher();
  const [open, setOpen] = useState(false);
  const post = () =>
    fetcher.submit(
      { intent: "all-present", sessionId: sheet.session.id, slotId: sheet.slot.id },
      { method: "post" },
    );
  return (
    <div className="mb-4 flex flex-wrap items-center gap-3">
      <Button onClick={() => setOpen(true)} disabled={fetcher.state !== "idle"}>
        Tous présents
      </Button>
      <span className="text-sm text-muted-foreground">
        Marque présent·e{missing > 1 ? "s" : ""} {missing} stagiaire{missing > 1 ? "s" : ""} sans saisie ;
        notez ensuite les absences et retards.
      </span>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Marquer tous les stagiaires sans saisie présent·es ?"
        description={`${missing} stagiaire${missing > 1 ? "s" : ""} sans saisie pour ce créneau ser${missing > 1 ? "ont" : "a"} marqué·e${missing > 1 ? "s" : ""} présent·e${missing > 1 ? "s" : ""} par l'équipe. Une saisie ne se supprime pas : une erreur se corrige ensuite.`}
        confirmLabel="Tous présents"
        onConfirm={() => {
          setOpen(false);
          post();
        }}
      />
    </div>
  );
}

export default function AdminSessionAttendanceSlot({ loaderData }: Route.ComponentProps) {
  const { sheet } = loaderData;
  useLiveRevalidation(LIVE);
  const canCorrect = useCan("attendance:correct");
  const [open, setOpen] = useState<{ id: string; kind: "pad" | "mark" | "correct" } | null>(null);
  const missing = sheet.learners.filter((l) => !l.entry).length;
  const base = `/admin/formations/${sheet.session.formationId}/sessions/${sheet.session.id}`;
  const slotRef = { sessionId: sheet.session.id, slotId: sheet.slot.id };
  return (
    <>
      <BackLink to={`${base}/emargement`} className="mb-4">
        Émargement de la session
      </BackLink>
      <PageHeader
        title={`Émargement – ${sheet.slot.heading}`}
        description={`${sheet.session.title} · ${windowText(sheet.slot.window)}`}
      />
      <div className="mb-4 flex flex-wrap gap-2">
        {sheet.slot.window !== "closed" ? (
          <Link to="qr-code" relative="path" className={buttonClass("outline")}>
            Afficher le QR code
          </Link>
        ) : null}
        {sheet.slot.window !== "closed" ? <SendLinksForm sheet={sheet} /> : null}
      </div>
      {sheet.slot.window === "closed" && missing > 0 ? (
        <AllPresentForm sheet={sheet} missing={missing} />
      ) : null}
      <ul className="divide-y rounded-md border">
        {sheet.learners.map((learner) => (
          <li key={learner.id} className="p-3" data-testid="slot-learner">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <div>
                <p className="font-medium">{learner.name}</p>
                <p className="text-sm text-muted-foreground">{entryText(learner.entry, sheet.slot.day)}</p>
                <p className="text-xs text-muted-foreground">
                  Code d'émargement : <span data-testid="learner-code">{learner.code}</span>
                </p>
                {learner.linkMail ? (
                  <p className="text-sm text-muted-foreground" data-testid="link-mail">
                    {linkMailText(learner.linkMail)}
                  </p>
                ) : null}
              </div>
              <div className="flex flex-wrap gap-2">
                {!learner.entry && sheet.slot.window === "open" ? (
                  <Button onClick={() => setOpen({ id: learner.id, kind: "pad" })}>Faire signer</Button>
                ) : null}
                {!learner.entry ? (
                  <Button variant="outline" onClick={() => setOpen({ id: learner.id, kind: "mark" })}>
                    Absence, retard…
                  </Button>
                ) : canCorrect ? (
                  <Button variant="outline" onClick={() => setOpen({ id: learner.id, kind: "correct" })}>
                    Corriger
                  </Button>
                ) : null}
              </div>
            </div>
            {learner.link && sheet.slot.window !== "closed" ? (
              <details className="mt-2 text-sm">
                <summary className="cursor-pointer text-primary">Lien personnel de signature</summary>
                <a href={learner.link} className="break-all underline" data-testid="personal-link">
                  {learner.link}
                </a>
              </details>
            ) : null}
            {open?.id === learner.id ? (
              open.kind === "pad" ? (
                <PadForm sheet={sheet} learner={learner} onDone={() => setOpen(null)} />
              ) : (
                <MarkForm
                  slot={slotRef}
                  learner={learner}
                  correction={open.kind === "correct"}
                  onDone={() => setOpen(null)}
                />
              )
            ) : null}
          </li>
        ))}
      </ul>
      <section className="mt-8 rounded-md border p-4">
        <h2 className="mb-3 text-lg font-semibold">Contresignature</h2>
        {sheet.countersignature ? (
          <p>
            Contresigné par {sheet.countersignature.trainerName}{" "}
            {recordedTimeText(sheet.countersignature.signedAt, sheet.slot.day)}.
          </p>
        ) : sheet.slot.window === "early" ? (
          <p className="text-muted-foreground">La contresignature ouvre avec la signature.</p>
        ) : (
          <CountersignForm slot={slotRef} trainer={{ typed: sheet.slot.trainer ?? "" }} />
        )}
      </section>
    </>
  );
}

export function ErrorBoundary() {
  return (
    <RecordError
      notFoundTitle={NOT_FOUND}
      notFoundText="Ce créneau n'existe pas ou a été supprimé."
      backHref="/admin/formations"
      backLabel="Retour aux formations"
    />
  );
}
