/**
 * The console's signature intents: 'Demander la signature' on the learner's file (the Stagiaires
 * screen's action, added by its route), and on a request's page 'Signer pour le centre', 'Vérifier'
 * and 'Annuler la demande'. Each names its permission; the server checks it before anything is read.
 */
import type { Actor } from "~/features/audit/index.server";
import {
  attempt,
  consoleAction,
  failure,
  type IntentPermissions,
  intentOf,
  success,
} from "~/platform/console/action.server";
import { entityId } from "~/platform/form-schema";
import type { AppRuntime } from "~/platform/runtime.server";
import { verifyRequest } from "./request-views.server";
import { cancelRequest, type Device, requestSignature, signForCentre } from "./requests.server";
import { SIGNATURE_ERRORS } from "./vocabulary";

/** What the Stagiaires screen also posts for signatures. */
export const SIGNATURE_INTENTS = {
  "request-signature": "signatures:request",
} as const satisfies IntentPermissions;

/** 'Demander la signature' of a kept convention or contrat (its id posted as `documentId`). */
export async function signatureIntent(app: AppRuntime, actor: Actor, form: FormData) {
  const intent = intentOf(form);
  const id = entityId.safeParse(form.get("documentId"));
  if (!id.success) return failure(intent, "Demande impossible", 404, SIGNATURE_ERRORS.unknownDocument);
  return attempt(app, intent, "Demande impossible", "Demande de signature envoyée", async () => {
    await requestSignature(app, actor, id.data);
    await app.events.publish({ table: "signature_requests", op: "insert" });
  });
}

/** The intents of a request's page and their permissions. */
export const SIGNATURE_PAGE_INTENTS = {
  "sign-centre": "signatures:sign",
  verify: "signatures:request",
  cancel: "signatures:request",
} as const satisfies IntentPermissions;

/** The action of the request `requestId`'s page; `device` is the connection the centre's signature records. */
export const signaturePageAction = (requestId: string | undefined, device: Device) =>
  consoleAction(SIGNATURE_PAGE_INTENTS, async (app, actor, form) => {
    const intent = intentOf(form);
    const id = entityId.safeParse(requestId);
    if (!id.success) return failure(intent, "Demande introuvable", 404, SIGNATURE_ERRORS.unknownRequest);
    if (intent === "verify") {
      try {
        const verified = await verifyRequest(app.db, id.data);
        return verified.matches
          ? success(intent, "Vérification", verified.message)
          : failure(intent, "Vérification", 409, verified.message);
      } catch (error) {
        return attempt(app, intent, "Vérification impossible", "", () => Promise.reject(error));
      }
    }
    const changed = async (run: () => Promise<unknown>) => {
      const title = await run();
      await app.events.publish({ table: "signature_requests", op: "update" });
      return title;
    };
    if (intent === "sign-centre") {
      return attempt(app, intent, "Signature impossible", "Signature du centre enregistrée", () =>
        changed(() => signForCentre(app, actor, id.data, device)),
      );
    }
    return attempt(app, intent, "Annulation impossible", "Demande de signature annulée", () =>
      changed(() => cancelRequest(app, actor, id.data)),
    );
  });
