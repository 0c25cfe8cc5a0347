/**
 * The Stagiaires screen's document intents: send one learner's convocation, agreement (convention
 * or contrat) or attestation de fin de formation, or a whole session's.
 */

import type { Actor } from "~/features/audit/index.server";
import { attempt, failure, intentOf, success } from "~/platform/console/action.server";
import { entityId } from "~/platform/form-schema";
import { plural } from "~/platform/plural";
import type { AppRuntime } from "~/platform/runtime.server";
import { UNKNOWN_LEARNER } from "./records.server";
import { sendDocument, sendSessionDocuments } from "./sending.server";
import type { DocumentType } from "./types";

const SEND_ERROR = "Envoi impossible";

/** Each type's intents (one learner, a session) and the words of their answers. */
const INTENTS: Record<
  DocumentType,
  { one: string; session: string; sent: string; counted: [string, string]; none: string }
> = {
  convocation: {
    one: "send-convocation",
    session: "send-convocations",
    sent: "Convocation envoyée",
    counted: ["convocation envoyée", "convocations envoyées"],
    none: "Toutes les convocations de cette session ont déjà été envoyées",
  },
  agreement: {
    one: "send-agreement",
    session: "send-agreements",
    sent: "Convention ou contrat envoyé",
    counted: ["convention ou contrat envoyé", "conventions ou contrats envoyés"],
    none: "Aucune convention ni aucun contrat à envoyer",
  },
  attestation: {
    one: "send-attestation",
    session: "send-attestations",
    sent: "Attestation envoyée",
    counted: ["attestation envoyée", "attestations envoyées"],
    none: "Toutes les attestations de cette session ont déjà été envoyées",
  },
};

/** Which permission each document intent needs (merged into the Stagiaires screen's action). */
export const DOCUMENT_INTENTS: Record<string, "documents:send"> = Object.fromEntries(
  Object.values(INTENTS).flatMap(({ one, session }) => [
    [one, "documents:send"],
    [session, "documents:send"],
  ]),
);

/** A click's key: what the page generated for it, else one of our own (a post without it still works once). */
function requestKeyOf(form: FormData): string {
  const key = form.get("requestKey");
  return typeof key === "string" && /^[\w-]{8,64}$/.test(key) ? key : crypto.randomUUID();
}

export async function documentIntent(app: AppRuntime, actor: Actor, form: FormData) {
  const intent = intentOf(form);
  const requestKey = requestKeyOf(form);
  const [type, words] = Object.entries(INTENTS).find(([, w]) => w.one === intent || w.session === intent) as [
    DocumentType,
    (typeof INTENTS)[DocumentType],
  ];
  if (intent === words.one) {
    const id = entityId.safeParse(form.get("id"));
    if (!id.success) return failure(intent, SEND_ERROR, 400, UNKNOWN_LEARNER);
    return attempt(app, intent, SEND_ERROR, words.sent, async () => {
      await sendDocument(app, actor, type, id.data, requestKey);
    });
  }
  const session = entityId.safeParse(form.get("sessionId"));
  if (!session.success) return failure(intent, SEND_ERROR, 400, "Choisissez une session.");
  let result: { sent: number; left: number };
  try {
    result = await sendSessionDocuments(app, actor, type, session.data, requestKey);
  } catch (error) {
    // The same French refusal or logged 500 as every other intent.
    return attempt(app, intent, SEND_ERROR, "", () => Promise.reject(error));
  }
  const title = result.sent ? plural(result.sent, ...words.counted) : words.none;
  const left = result.left
    ? `${plural(result.left, "stagiaire", "stagiaires")} sans financement renseigné : complétez la rubrique Financement.`
    : undefined;
  return success(intent, title, left);
}
