// 'Aperçu': a public page shown with its draft, to staff only. The address is the public page's own
// with `?apercu` (previewHref), so the page is rendered by the very route and components visitors
// get, fed the draft instead of the published record. Such a request is never kept by the page
// cache (an unknown query parameter, and a staff member's cookie, each keep it out), is marked
// `noindex` (meta robots from the root, X-Robots-Tag from entry.server), and carries a banner.
import { type RequestArgs, requirePermission } from "~/features/accounts/index.server";

export const PREVIEW_PARAM = "apercu";

/** The request asks for the draft ('Aperçu'). */
export function isPreviewRequest(request: Request): boolean {
  return new URL(request.url).searchParams.has(PREVIEW_PARAM);
}

/**
 * For a public loader: whether to show the draft. A preview asked by someone who is not staff is
 * refused (sign-in, or 403) rather than quietly shown the published page.
 */
export async function wantsPreview(args: RequestArgs): Promise<boolean> {
  if (!isPreviewRequest(args.request)) return false;
  await requirePermission(args, "console:access");
  return true;
}

/** The banner the site's layout shows over a preview. */
export const PREVIEW_NOTICE = {
  label: "Aperçu",
  text: "Aperçu du brouillon : cette version n'est pas publiée, les visiteurs voient la version en ligne.",
};
