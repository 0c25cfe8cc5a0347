import { redirect } from "react-router";
import {
  canonicalSlugForAlias,
  getActiveFormation,
  listUpcomingSessions,
  programmeFileName,
  programmePdf,
  programmeVersion,
} from "~/features/catalogue/index.server";
import { indicatorLines } from "~/features/indicators";
import { formationIndicators } from "~/features/indicators/index.server";
import { mediaBytes, printableVariant } from "~/features/media/index.server";
import { getCentreSettings, logoVariantWidth } from "~/features/settings/index.server";
import type { Route } from "./+types/formation-pdf";

/**
 * GET /formation/:slug/programme.pdf: the course's programme, downloaded as an A4 PDF
 * (X-Content-Type-Options: nosniff comes with every answer of the server).
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const { db } = context.app;
  const slug = params.slug.toLowerCase();
  const formation = await getActiveFormation(db, slug);
  if (!formation) {
    const canonical = await canonicalSlugForAlias(db, slug);
    if (canonical) throw redirect(`/formation/${canonical}/programme.pdf`, 301);
    return new Response("Formation non trouvée", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const [centre, sessions, indicators] = await Promise.all([
    getCentreSettings(db),
    listUpcomingSessions(db, formation.id),
    formationIndicators(db, formation),
  ]);
  // The logo's JPEG/PNG as e-mails show it (made once, then read back).
  const image = centre.logo;
  const printed = image
    ? await printableVariant(db, mediaBytes(context.app), image, logoVariantWidth(image))
    : null;
  const logo = image && printed ? { bytes: printed, width: image.width, height: image.height } : null;
  // The same figures as the course page.
  const input = { formation, centre, sessions, results: indicatorLines(indicators), logo };
  // Weak: two instances print the same programme with different creation dates inside the file.
  const version = programmeVersion(input);
  const etag = `W/"${version}"`;
  // Always asked again (the record may have changed), answered 304 while it has not.
  const cache = { ETag: etag, "Cache-Control": "no-cache" };
  const known = request.headers
    .get("If-None-Match")
    ?.split(",")
    .map((tag) => tag.trim());
  if (known?.includes(etag) || known?.includes("*"))
    return new Response(null, { status: 304, headers: cache });
  const bytes = await programmePdf(input, version);
  return new Response(new Uint8Array(bytes), {
    headers: {
      ...cache,
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${programmeFileName(formation.slug)}"`,
      "Content-Length": String(bytes.length),
    },
  });
}
