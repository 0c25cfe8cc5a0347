import { AdminInputError, failure, success } from "~/platform/console/action.server";
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
  try {
    return success(intent, await run());
  } catch (error) {
    if (error instanceof AdminInputError) {
      return failure(
        intent,
        errorTitle,
        400,
        error.message,
        error.field ? { [error.field]: error.message } : undefined,
      );
    }
    app.logger.error({ err: error, intent }, "admin mutation failed");
    return failure(intent, errorTitle, 500, "Réessayez dans un instant.");
  }
}
