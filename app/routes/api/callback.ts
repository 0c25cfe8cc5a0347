import { CONTACT_MESSAGES, type FormResult, readFormResult } from "~/features/leads";
import { receiveCallback } from "~/features/leads/index.server";
import { safeRedirect } from "~/platform/safe-redirect";
import { redirectWithToast } from "~/platform/toast.server";
import type { Route } from "./+types/callback";

// POST /api/rappel: the « Être rappelé·e » dialog posts here (clientAction below) and reads JSON. A plain
// browser form post (no JavaScript) gets a redirect back with a toast instead.

/** A browser navigation asks for HTML first; fetch() from the dialog and scripts do not. */
function isBrowserFormPost(request: Request): boolean {
  const accept = request.headers.get("accept") ?? "";
  return accept.includes("text/html");
}

/** Back to the page the visitor posted from, if it is ours. */
function returnPath(request: Request): string {
  const referer = request.headers.get("referer");
  if (!referer) return "/";
  try {
    const url = new URL(referer);
    return url.origin === new URL(request.url).origin ? safeRedirect(url.pathname + url.search) : "/";
  } catch {
    return "/";
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const browser = isBrowserFormPost(request);
  const outcome = await receiveCallback(context, request);
  if (browser && outcome.body.toast) {
    // Field errors cannot be shown on an arbitrary page: the full form on /contact can show them.
    const target = outcome.body.ok ? returnPath(request) : "/contact?sujet=rdv#formulaire";
    return redirectWithToast(target, outcome.body.toast, context.app.config.authSecret);
  }
  return Response.json(outcome.body, { status: outcome.status, headers: outcome.headers ?? {} });
}

export function loader() {
  return Response.json(
    { ok: false, message: "Utilisez POST pour demander un rappel." },
    { status: 405, headers: { Allow: "POST" } },
  );
}

/**
 * The dialog's fetcher lands here in the browser: the request goes on as a plain POST, so the JSON
 * answer above stays the one scripts get, and is read with its schema. A failed network or an answer
 * that is not a form result (a proxy's error page) shows the generic failure, never an error page.
 */
export async function clientAction({ request }: Route.ClientActionArgs): Promise<FormResult> {
  try {
    const response = await fetch(request.url, {
      method: "POST",
      headers: {
        Accept: "application/json",
        "Content-Type": request.headers.get("Content-Type") ?? "application/x-www-form-urlencoded",
      },
      body: await request.text(),
    });
    return readFormResult(await response.json()) ?? { ok: false, toast: CONTACT_MESSAGES.failure };
  } catch {
    return { ok: false, toast: CONTACT_MESSAGES.failure };
  }
}
