import QRCode from "qrcode";
import { data, Link } from "react-router";
import { requirePermission } from "~/features/accounts/index.server";
import { signingWindow, slotHeading, windowState } from "~/features/attendance";
import { roomUrl, slotOf, slotRoomToken } from "~/features/attendance/index.server";
import { sessionHeading } from "~/features/catalogue/index.server";
import { entityId } from "~/platform/form-schema";
import { formatClock } from "~/platform/paris-time";
import { buttonClass } from "~/ui/button";
import { RecordError } from "~/ui/console/record-error";
import type { Route } from "./+types/session-attendance-qr";

const NOT_FOUND = "Créneau introuvable";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `QR code d'émargement${loaderData ? ` – ${loaderData.heading}` : ""} | Console d'administration` },
];

/**
 * 'Afficher le QR code': the slot's QR code, full screen, for the room's screen or projector. It
 * leads to the slot's secret address, which signs only during the slot and only with a learner's
 * personal code. Drawn here as SVG (no network, no script), shown as an image.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requirePermission({ request, context }, "attendance:sign");
  const formation = entityId.safeParse(params.id);
  const session = entityId.safeParse(params.sessionId);
  const slotId = entityId.safeParse(params.slotId);
  if (!formation.success || !session.success || !slotId.success) throw data(NOT_FOUND, { status: 404 });
  const { app } = context;
  const [heading, slot] = await Promise.all([
    sessionHeading(app.db, session.data),
    slotOf(app.db, session.data, slotId.data),
  ]);
  if (!heading || !slot || heading.formationId !== formation.data) throw data(NOT_FOUND, { status: 404 });
  const window = windowState(slot, new Date());
  const url = roomUrl(app.config.publicUrl, await slotRoomToken(app.db, app.config.authSecret, slot.id));
  const svg = await QRCode.toString(url, { type: "svg", margin: 2, errorCorrectionLevel: "M" });
  const { opensAt, closesAt } = signingWindow(slot);
  return {
    heading: slotHeading(slot),
    title: heading.title,
    window,
    opensAt,
    closesAt,
    url,
    image: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`,
    back: `/admin/formations/${heading.formationId}/sessions/${heading.id}/emargement/${slot.id}`,
  };
}

export default function AdminSessionAttendanceQr({ loaderData }: Route.ComponentProps) {
  const { heading, title, window, opensAt, closesAt, url, image, back } = loaderData;
  return (
    // Over the console's frame: the whole screen is the room's.
    <div className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-4 overflow-auto bg-white p-4 text-center text-black">
      <h1 className="text-2xl font-bold sm:text-4xl">Émargement – scannez pour signer</h1>
      <p className="text-lg sm:text-2xl">
        {title} · {heading}
      </p>
      <img
        src={image}
        alt="QR code d'émargement du créneau"
        data-testid="room-qr-code"
        className="aspect-square w-[min(80vw,70vh)] max-w-full [image-rendering:pixelated]"
      />
      <p className="text-lg sm:text-2xl">
        {window === "open"
          ? `Signature ouverte jusqu'à ${formatClock(closesAt)}, avec votre code d'émargement personnel.`
          : window === "early"
            ? `La signature ouvre à ${formatClock(opensAt)}, avec votre code d'émargement personnel.`
            : "Créneau terminé : ce QR code ne permet plus de signer."}
      </p>
      <details className="max-w-full text-sm text-gray-600">
        <summary className="cursor-pointer">Adresse (sans appareil photo)</summary>
        <span className="break-all" data-testid="room-url">
          {url}
        </span>
      </details>
      <Link to={back} className={buttonClass("outline")}>
        Fermer
      </Link>
    </div>
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
