/** The Stagiaires screen's document intents: send one learner's convocation, or a session's. */
import { attempt, failure, intentOf, success } from "~/features/console/index.server";
import type { Actor } from "~/features/journal/index.server";
import { entityId } from "~/platform/form-schema";
import { plural } from "~/platform/plural";
import type { AppRuntime } from "~/platform/runtime.server";
import { sendConvocation, sendSessionConvocations, UNKNOWN_LEARNER } from "./documents.server";

const SEND_ERROR = "Envoi impossible";

/** Which permission each document intent needs (merged into the Stagiaires screen's action). */
export const DOCUMENT_INTENTS = {
  "send-convocation": "documents:send",
  "send-convocations": "documents:send",
} as const;

/** A click's key: what the page generated for it, else one of our own (a post without it still works once). */
function requestKeyOf(form: FormData): string {
  const key = form.get("requestKey");
  return typeof key === "string" && /^[\w-]{8,64}$/.test(key) ? key : crypto.randomUUID();
}

export async function documentIntent(app: AppRuntime, actor: Actor, form: FormData) {
  const intent = intentOf(form);
  const requestKey = requestKeyOf(form);
  if (intent === "send-convocation") {
    const id = entityId.safeParse(form.get("id"));
    if (!id.success) return failure(intent, SEND_ERROR, 400, UNKNOWN_LEARNER);
    return attempt(app, intent, SEND_ERROR, "Convocation envoyée", async () => {
      await sendConvocation(app, actor, id.data, requestKey);
    });
  }
  const session = entityId.safeParse(form.get("sessionId"));
  if (!session.success) return failure(intent, SEND_ERROR, 400, "Choisissez une session.");
  let sent: number;
  try {
    sent = await sendSessionConvocations(app, actor, session.data, requestKey);
  } catch (error) {
    // The same French refusal or logged 500 as every other intent.
    return attempt(app, intent, SEND_ERROR, "", () => Promise.reject(error));
  }
  return success(
    intent,
    sent
      ? plural(sent, "convocation envoyée", "convocations envoyées")
      : "Toutes les convocations de cette session ont déjà été envoyées",
  );
}
