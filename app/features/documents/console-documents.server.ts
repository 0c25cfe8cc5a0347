/**
 * The Stagiaires screen's document intents: send one learner's convocation, agreement (convention
 * or contrat), attestation de fin de formation or certificat de réalisation, or a whole session's;
 * receive an agreement's signed copy; archive a document.
 */

import type { Actor } from "~/features/audit/index.server";
import { attempt, failure, intentOf, success } from "~/platform/console/action.server";
import { entityId } from "~/platform/form-schema";
import { plural } from "~/platform/plural";
import { REQUEST_LIMITS } from "~/platform/request-limits";
import type { AppRuntime } from "~/platform/runtime.server";
import { archiveDocument, checkSignedCopy, LIFE_ERRORS, receiveSignedCopy } from "./life.server";
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
  certificate: {
    one: "send-certificate",
    session: "send-certificates",
    sent: "Certificat de réalisation envoyé",
    counted: ["certificat de réalisation envoyé", "certificats de réalisation envoyés"],
    none: "Tous les certificats de réalisation de cette session ont déjà été envoyés",
  },
};

/** A document's life after it left: its signed copy received, then archived. */
const LIFE_INTENTS = { received: "receive-signed", archive: "archive-document" } as const;

/** Which permission each document intent needs (merged into the Stagiaires screen's action). */
export const DOCUMENT_INTENTS: Record<string, "documents:send"> = Object.fromEntries([
  ...Object.values(INTENTS).flatMap(({ one, session }) => [
    [one, "documents:send"],
    [session, "documents:send"],
  ]),
  ...Object.values(LIFE_INTENTS).map((intent) => [intent, "documents:send"]),
]);

/** The Stagiaires screen takes files for the signed copies: a document and the form's framing. */
export const DOCUMENT_UPLOAD = {
  maxBytes: REQUEST_LIMITS.fileBytes + 64 * 1024,
  tooLarge: LIFE_ERRORS.tooLarge,
};

/** A click's key: what the page generated for it, else one of our own (a post without it still works once). */
function requestKeyOf(form: FormData): string {
  const key = form.get("requestKey");
  return typeof key === "string" && /^[\w-]{8,64}$/.test(key) ? key : crypto.randomUUID();
}

/** 'Déposer la copie signée' and 'Archiver', on one kept document. */
async function lifeIntent(app: AppRuntime, actor: Actor, form: FormData, intent: string) {
  const id = entityId.safeParse(form.get("documentId"));
  if (!id.success) return failure(intent, "Document introuvable", 404, LIFE_ERRORS.unknown);
  if (intent === LIFE_INTENTS.archive) {
    return attempt(app, intent, "Archivage impossible", "Document archivé", () =>
      app.db.transaction((tx) => archiveDocument(tx, actor, id.data)),
    );
  }
  const copy = await checkSignedCopy(form.get("file"));
  if ("error" in copy) return failure(intent, "Copie signée refusée", 400, copy.error, { file: copy.error });
  return attempt(app, intent, "Copie signée refusée", "Copie signée enregistrée", () =>
    app.db.transaction((tx) => receiveSignedCopy(tx, actor, id.data, copy)),
  );
}

export async function documentIntent(app: AppRuntime, actor: Actor, form: FormData) {
  const intent = intentOf(form);
  if (intent === LIFE_INTENTS.archive || intent === LIFE_INTENTS.received)
    return lifeIntent(app, actor, form, intent);
  const requestKey = requestKeyOf(form);
  const [type, words] = Object.entries(INTENTS).find(([, w]) => w.one === intent || w.session === intent) as [
    DocumentType,
    (typeof INTENTS)[DocumentType],
  ];
  if (intent === words.one) {
    const id = entityId.safeParse(form.get("id"));
    if (!id.success) return failure(intent, SEND_ERROR, 400, UNKNOWN_LEARNER);
    // The hours' warning, read and confirmed on the screen before this post.
    const hoursConfirmed = form.get("hoursConfirmed") === "1";
    return attempt(app, intent, SEND_ERROR, words.sent, async () => {
      await sendDocument(app, actor, type, id.data, requestKey, hoursConfirmed);
    });
  }
  const session = entityId.safeParse(form.get("sessionId"));
  if (!session.success) return failure(intent, SEND_ERROR, 400, "Choisissez une session.");
  let result: Awaited<ReturnType<typeof sendSessionDocuments>>;
  try {
    result = await sendSessionDocuments(app, actor, type, session.data, requestKey);
  } catch (error) {
    // The same French refusal or logged 500 as every other intent.
    return attempt(app, intent, SEND_ERROR, "", () => Promise.reject(error));
  }
  const title = result.sent ? plural(result.sent, ...words.counted) : words.none;
  const notes = [
    result.left
      ? `${plural(result.left, "stagiaire", "stagiaires")} sans financement renseigné ou complet : complétez la rubrique Financement.`
      : null,
    result.toCheck
      ? `${plural(result.toCheck, "stagiaire", "stagiaires")} aux heures à vérifier : envoyez depuis sa ligne, après vérification.`
      : null,
  ].filter(Boolean);
  return success(intent, title, notes.length ? notes.join(" ") : undefined);
}
