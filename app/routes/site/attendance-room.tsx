import { data, Form, useNavigation } from "react-router";
import {
  SignaturePad,
  SignedNotice,
  SigningUnavailable,
  signingWindow,
  slotHeading,
  windowState,
} from "~/features/attendance";
import {
  identifyInRoom,
  type RoomIdentity,
  roomSlotOf,
  SIGNATURE_TOO_LARGE,
  signInRoom,
} from "~/features/attendance/index.server";
import { NNBSP } from "~/platform/french";
import { readFormData } from "~/platform/http/body.server";
import { formatClock } from "~/platform/paris-time";
import { hitRateLimit } from "~/platform/rate-limit.server";
import { REQUEST_LIMITS } from "~/platform/request-limits";
import { pageTitle } from "~/platform/seo";
import { Button } from "~/ui/button";
import { Input, Label } from "~/ui/input";
import type { Route } from "./+types/attendance-room";

// The slot's QR code, shown in the room: whoever scans it signs only as themselves, with the personal
// code they received (never by picking or typing a name), and only while the slot can be signed.
// Never indexed, never kept (the page cache skips /emargement/, the security headers send
// `Cache-Control: no-store`), its token masked in the logs (platform/http/addresses.server.ts).
const PRIVATE = { "X-Robots-Tag": "noindex" };

export const headers: Route.HeadersFunction = () => PRIVATE;

/**
 * Posts (a code, then a signature) from one address in a minute: a class of 40 behind one Wi-Fi signs
 * under it, while guessing one of a session's codes (2^30 values) at that pace stays unlikely.
 */
const CODE_TRIES_PER_MINUTE = 120;

const WRONG_CODE = `Ce code ne correspond à aucun·e stagiaire de cette session${NNBSP}: vérifiez-le sur votre convocation ou dans l'e-mail d'émargement reçu, ou demandez-le à votre formateur ou à votre formatrice.`;

type Gone = "unknown" | "closed";
const gone = (state: Gone) =>
  data({ gone: state }, { status: state === "unknown" ? 404 : 410, headers: PRIVATE });

export async function loader({ params, context }: Route.LoaderArgs) {
  const slot = await roomSlotOf(context.app.db, params.token);
  if (!slot) return gone("unknown");
  const now = new Date();
  const state = windowState(slot, now);
  if (state === "closed") return gone("closed");
  const { opensAt, closesAt } = signingWindow(slot);
  return data(
    {
      room: {
        state,
        opensAt,
        closesAt,
        heading: slotHeading(slot),
        formationTitle: slot.formationTitle,
        place: slot.place,
      },
    },
    { headers: PRIVATE },
  );
}

/** What the page says of an identity that is not a learner's. */
function refused(who: Exclude<RoomIdentity, { state: "identified" }> | { state: "wrong-code" }) {
  switch (who.state) {
    case "unknown":
    case "closed":
      return gone(who.state);
    case "early":
      return data(
        { error: `La signature ouvre à ${formatClock(who.opensAt)}, 15 minutes avant le début du créneau.` },
        { status: 409, headers: PRIVATE },
      );
    case "wrong-code":
      return data({ error: WRONG_CODE, field: "code" as const }, { status: 400, headers: PRIVATE });
  }
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
  // Guessing codes is slowed per address (swept with the forms' counters, 'form:').
  const limit = await hitRateLimit(
    app.database,
    `form:emargement:${context.clientIp}`,
    CODE_TRIES_PER_MINUTE,
  );
  if (!limit.allowed) {
    return data(
      { error: `Trop d'essais depuis cet appareil${NNBSP}: réessayez dans ${limit.retryAfter} secondes.` },
      { status: 429, headers: { ...PRIVATE, "Retry-After": String(limit.retryAfter) } },
    );
  }
  const now = new Date();
  const secret = app.config.authSecret;
  if (form.get("intent") !== "sign") {
    const who = await identifyInRoom(app.db, secret, params.token, form.get("code"), now);
    if (who.state !== "identified") return refused(who);
    return data(
      {
        identified: {
          name: who.learnerName,
          code: String(form.get("code") ?? ""),
          signedAt: who.signedAt,
        },
      },
      { headers: PRIVATE },
    );
  }
  const outcome = await signInRoom(
    app.db,
    secret,
    params.token,
    form,
    { ip: context.clientIp, userAgent: request.headers.get("user-agent") },
    now,
  );
  switch (outcome.state) {
    case "unknown":
    case "closed":
    case "early":
    case "wrong-code":
      return refused(outcome);
    case "invalid": {
      const who = await identifyInRoom(app.db, secret, params.token, form.get("code"), now);
      return data(
        {
          error: outcome.error,
          identified:
            who.state === "identified"
              ? { name: who.learnerName, code: String(form.get("code") ?? ""), signedAt: null }
              : undefined,
        },
        { status: 400, headers: PRIVATE },
      );
    }
    case "already":
      return data({ signedAt: outcome.signedAt, already: true }, { status: 409, headers: PRIVATE });
    case "signed":
      await app.events.publish({ table: "attendance_entries", op: "insert" });
      return data({ signedAt: outcome.signedAt, already: false }, { headers: PRIVATE });
  }
}

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageTitle(matches, "Émargement en salle"),
  { name: "robots", content: "noindex" },
];

function Unavailable({ closed }: { closed: boolean }) {
  return (
    <SigningUnavailable
      title={closed ? "L'émargement de ce créneau est clos" : "QR code d'émargement inconnu"}
    >
      {closed
        ? `Ce créneau est terminé${NNBSP}: ce QR code ne permet plus de signer. Si vous étiez présent·e, signalez-le à votre formateur ou à votre formatrice.`
        : `Ce QR code ne correspond à aucun créneau. Scannez celui affiché dans la salle pendant le créneau.`}
    </SigningUnavailable>
  );
}

export default function AttendanceRoomPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  if ("gone" in loaderData) return <Unavailable closed={loaderData.gone === "closed"} />;
  if (actionData && "gone" in actionData) return <Unavailable closed={actionData.gone === "closed"} />;
  const { room } = loaderData;
  const error = actionData && "error" in actionData ? actionData.error : undefined;
  const identified = actionData && "identified" in actionData ? actionData.identified : undefined;
  const signed = actionData && "signedAt" in actionData && actionData.signedAt ? actionData : null;
  const busy = navigation.state !== "idle";
  return (
    <main id="contenu" className="mx-auto max-w-xl px-4 py-8">
      <p className="text-sm font-medium text-primary">Émargement en salle</p>
      <h1 className="mt-1 text-2xl font-bold">{room.formationTitle}</h1>
      <p className="mt-1 text-muted-foreground">
        {room.heading}
        {room.place ? ` · ${room.place}` : ""}
      </p>
      {signed ? (
        <SignedNotice at={signed.signedAt} already={signed.already} />
      ) : identified?.signedAt ? (
        <>
          <p className="mt-3 font-medium">{identified.name}</p>
          <SignedNotice at={identified.signedAt} already />
        </>
      ) : room.state === "early" ? (
        <p className="mt-6 rounded-md bg-muted p-3 text-sm">
          La signature ouvre à {formatClock(room.opensAt)}, 15 minutes avant le début du créneau. Scannez à
          nouveau le QR code à ce moment-là.
        </p>
      ) : identified ? (
        <Form method="post" className="mt-6 space-y-4">
          <input type="hidden" name="intent" value="sign" />
          <input type="hidden" name="code" value={identified.code} />
          <p className="font-medium" data-testid="room-learner">
            {identified.name}
          </p>
          <p className="text-sm">
            Je certifie être présent·e à ce créneau. Signature possible jusqu'à {formatClock(room.closesAt)}.
          </p>
          <SignaturePad label="Signez dans le cadre avec le doigt" error={error} />
          <Button type="submit" size="lg" className="w-full" disabled={busy}>
            Signer
          </Button>
        </Form>
      ) : (
        <Form method="post" className="mt-6 space-y-4">
          <input type="hidden" name="intent" value="identify" />
          <div className="space-y-1">
            <Label htmlFor="code">Votre code d'émargement</Label>
            <Input
              id="code"
              name="code"
              required
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={12}
              aria-invalid={error ? true : undefined}
              aria-describedby="code-hint"
              className="text-lg tracking-widest"
            />
            <p id="code-hint" className="text-sm text-muted-foreground">
              Les 6 caractères imprimés sur votre convocation et dans l'e-mail d'émargement (par exemple K7M
              4QX).
            </p>
            {error ? (
              <p role="alert" className="text-sm text-destructive">
                {error}
              </p>
            ) : null}
          </div>
          <Button type="submit" size="lg" className="w-full" disabled={busy}>
            Continuer
          </Button>
        </Form>
      )}
    </main>
  );
}
