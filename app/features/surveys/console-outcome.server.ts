import { attempt } from "~/platform/console/action.server";
import type { AppRuntime } from "~/platform/runtime.server";

// What the Enquêtes screen's two actions share: the live-refresh event they raise, the refusal for a
// questionnaire deleted meanwhile, and how a piece of work becomes the toast the screen shows.

/** The event a change raises so that an open Enquêtes screen refreshes. */
export const EVENT = { table: "survey_invitations", op: "update" } as const;
/** The refusal when the questionnaire was deleted in another tab. */
export const GONE = "Ce questionnaire n'existe plus.";

/** `attempt`, with a success title the work itself decides (how many were sent). */
export async function guarded(
  app: AppRuntime,
  intent: string,
  errorTitle: string,
  run: () => Promise<string>,
) {
  return attempt(app, intent, errorTitle, "", run);
}
