import { z } from "zod";
import type { Actor } from "~/features/audit/index.server";
import { attemptOnRecord, attemptParsed, intentOf, unknownIntent } from "~/platform/console/action.server";
import { textFields } from "~/platform/form-data";
import { entityId, requiredText } from "~/platform/form-schema";
import type { AppRuntime } from "~/platform/runtime.server";
import { emailAddress, singleLine } from "~/platform/text-fields";
import { inviteLearner, invitePayerContact } from "./invitations.server";
import { requestDocument } from "./requested-documents.server";

// The console's invitations, posted from screens of other features: the routes add them to the
// Stagiaires and Financeurs actions (AlsoPosted), each intent with its permission.

const INVITE_ERROR = "Invitation impossible";
const INVITED = "Invitation envoyée";

/**
 * On a learner of Stagiaires: 'Inviter dans son espace' / 'Renvoyer l'invitation', and 'Demander un
 * document' (what the learner sends from their space; staff who follow learners ask for it).
 */
export const LEARNER_SPACE_INTENTS = {
  "invite-space": "spaces:invite",
  "request-document": "learners:write",
} as const;

export const documentRequestSchema = z.object({
  id: entityId,
  label: z.preprocess(singleLine, requiredText(200)),
});

export async function learnerSpaceIntent(app: AppRuntime, actor: Actor, form: FormData) {
  const intent = intentOf(form);
  if (intent === "request-document") {
    const answer = await attemptParsed(
      app,
      intent,
      documentRequestSchema.safeParse(textFields(form)),
      "Demande impossible",
      "Document demandé",
      ({ id, label }) =>
        app.db.transaction((tx) => requestDocument(tx, actor, id, label, app.config.publicUrl)),
    );
    app.mail.wake();
    return answer;
  }
  if (intent !== "invite-space") return unknownIntent(intent);
  const titles = { error: INVITE_ERROR, done: INVITED, unknown: "Stagiaire inconnu·e." };
  const answer = await attemptOnRecord(app, intent, form.get("id"), titles, (id) =>
    app.db.transaction((tx) => inviteLearner(tx, actor, id, app.config.publicUrl)),
  );
  app.mail.wake();
  return answer;
}

export const payerContactSchema = z.object({
  id: entityId,
  email: z.preprocess(singleLine, emailAddress),
  firstName: z.preprocess(singleLine, requiredText(100)),
  lastName: z.preprocess(singleLine, requiredText(100)),
});

/** 'Inviter un contact' on a payer of Financeurs: its company contact's space. */
export const PAYER_SPACE_INTENTS = { "invite-contact": "spaces:invite" } as const;

export async function payerSpaceIntent(app: AppRuntime, actor: Actor, form: FormData) {
  const intent = intentOf(form);
  if (intent !== "invite-contact") return unknownIntent(intent);
  const answer = await attemptParsed(
    app,
    intent,
    payerContactSchema.safeParse(textFields(form)),
    INVITE_ERROR,
    INVITED,
    ({ id, ...contact }) =>
      app.db.transaction((tx) => invitePayerContact(tx, actor, id, contact, app.config.publicUrl)),
  );
  app.mail.wake();
  return answer;
}
