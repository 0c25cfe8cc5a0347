import { data, Form, useNavigation } from "react-router";
import { SignaturePad, SignedNotice as Signed, SigningUnavailable, slotHeading } from "~/features/attendance";
import { openAttendanceLink, SIGNATURE_TOO_LARGE, signThroughLink } from "~/features/attendance/index.server";
import { NNBSP } from "~/platform/french";
import { readFormData } from "~/platform/http/body.server";
import { formatClock } from "~/platform/paris-time";
import { REQUEST_LIMITS } from "~/platform/request-limits";
import { pageTitle } from "~/platform/seo";
import { Button } from "~/ui/button";
import type { Route } from "./+types/attendance-sign";

// A personal link that signs for its learner: never indexed, never kept (the page cache skips
// /emargement/, the security headers send `Cache-Control: no-store` for it).
const PRIVATE = { "X-Robots-Tag": "noindex" };

export const headers: Route.HeadersFunction = () => PRIVATE;

type Gone = "unknown" | "closed";
const gone = (state: Gone) =>
  data({ gone: state }, { status: state === "unknown" ? 404 : 410, headers: PRIVATE });

export async function loader({ params, context }: Route.LoaderArgs) {
  const view = await openAttendanceLink(context.app.db, params.token, new Date());
  if (view.state === "unknown" || view.state === "closed") return gone(view.state);
  return data({ view }, { headers: PRIVATE });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { app } = context;
  const form = await readFormData(request, REQUEST_LIMITS.signatureFormBytes);
  if (typeof form === "string") {
    return data(
      { error: SIGNATURE_TOO_LARGE },
      { status: form === "too-large" ? 413 : 400, headers: PRIVATE },
    );
  }
  const outcome = await signThroughLink(
    app.db,
    params.token,
    form,
    { ip: context.clientIp, userAgent: request.headers.get("user-agent") },
    new Date(),
  );
  switch (outcome.state) {
    case "unknown":
    case "closed":
      return gone(outcome.state);
    case "early":
      return data(
        {
          error: `La signature ouvre à ${formatClock(outcome.opensAt)}, 15 minutes avant le début du créneau.`,
        },
        { status: 409, headers: PRIVATE },
      );
    case "invalid":
      return data({ error: outcome.error }, { status: 400, headers: PRIVATE });
    case "already":
      return data(
        { signedAt: outcome.signedAt, already: true, error: undefined },
        { status: 409, headers: PRIVATE },
      );
    case "signed":
      await app.events.publish({ table: "attendance_entries", op: "insert" });
      return data({ signedAt: outcome.signedAt, already: false, error: undefined }, { headers: PRIVATE });
  }
}

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageTitle(matches, "Émargement"),
  { name: "robots", content: "noindex" },
];

function Unavailable({ closed }: { closed: boolean }) {
  return (
    <SigningUnavailable
      title={closed ? "L'émargement de ce créneau est clos" : "Lien d'émargement introuvable"}
    >
      {closed
        ? `Ce créneau est terminé${NNBSP}: ce lien ne permet plus de signer. Si vous étiez présent·e, signalez-le à votre formateur ou à votre formatrice.`
        : `Ce lien ne correspond à aucun émargement. Vérifiez qu'il est complet, tel que reçu${NNBSP}: il est personnel.`}
    </SigningUnavailable>
  );
}

export default function AttendanceSignPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  if ("gone" in loaderData) return <Unavailable closed={loaderData.gone === "closed"} />;
  if (actionData && "gone" in actionData) return <Unavailable closed={actionData.gone === "closed"} />;
  const { view } = loaderData;
  const signedNow = actionData && "signedAt" in actionData && actionData.signedAt ? actionData : null;
  const error = actionData && "error" in actionData ? actionData.error : undefined;
  return (
    <main id="contenu" className="mx-auto max-w-xl px-4 py-8">
      <p className="text-sm font-medium text-primary">Émargement</p>
      <h1 className="mt-1 text-2xl font-bold">{view.slot.formationTitle}</h1>
      <p className="mt-1 text-muted-foreground">{slotHeading(view.slot)}</p>
      {"learnerName" in view ? <p className="mt-3 font-medium">{view.learnerName}</p> : null}
      {signedNow ? (
        <Signed at={signedNow.signedAt} already={signedNow.already} />
      ) : view.state === "signed" ? (
        <Signed at={view.signedAt} already />
      ) : view.state === "early" ? (
        <p className="mt-6 rounded-md bg-muted p-3 text-sm">
          La signature ouvre à {formatClock(view.opensAt)}, 15 minutes avant le début du créneau. Revenez sur
          ce lien à ce moment-là.
        </p>
      ) : (
        <Form method="post" className="mt-6 space-y-4">
          <p className="text-sm">
            Je certifie être présent·e à ce créneau. Signature possible jusqu'à {formatClock(view.closesAt)}.
          </p>
          <SignaturePad label="Signez dans le cadre avec le doigt" error={error} />
          <Button type="submit" size="lg" className="w-full" disabled={navigation.state !== "idle"}>
            Signer
          </Button>
        </Form>
      )}
    </main>
  );
}
