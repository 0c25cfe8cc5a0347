import { eq } from "drizzle-orm";
import type { z } from "zod";
import { diffFields } from "~/features/audit";
import { type Actor, auditedChange } from "~/features/audit/index.server";
import { surveyQuestionnaires } from "~/features/surveys/schema.server";
import {
  AdminInputError,
  consoleAction,
  intentOf,
  invalid,
  pgErrorCode,
  UNIQUE_VIOLATION,
  unknownIntent,
} from "~/platform/console/action.server";
import { textFields } from "~/platform/form-data";
import { plural } from "~/platform/plural";
import type { AppRuntime } from "~/platform/runtime.server";
import { type SurveyAutomatic, surveyAutomaticSchema } from "./automatic";
import { EVENT, GONE, guarded } from "./console-outcome.server";
import { newQuestionnaireSchema, type SendInput, sendSchema } from "./console-schema";
import { type SurveyDelays, surveyDelaysSchema } from "./delays";
import { audienceRecipients, invite, type LinkKeys, type Recipient, sessionTarget } from "./sending.server";
import { getSurveySettings, saveSurveySettings } from "./survey-settings.server";
import {
  QUESTIONNAIRE_KIND_LABELS,
  type QuestionnaireKind,
  SURVEY_AUDIENCE_LABELS,
  type SurveyAudience,
  type SurveyWave,
  WAVE_OF_KIND,
} from "./vocabulary";

/* ------------------------------------------------------------------------------------------------
 * Enquêtes: creating a questionnaire, sending one now.
 * --------------------------------------------------------------------------------------------- */

const keysOf = (app: AppRuntime): LinkKeys => ({
  publicUrl: app.config.publicUrl,
  secret: app.config.authSecret,
});

/**
 * 'Envoyer maintenant'. To a session's people of the questionnaire's audience (its learners not
 * 'Abandon', the employers or funders paying for them, the trainers of its slots): an à-chaud or
 * à-froid questionnaire counts as that wave, so the automatic sending will not ask them again; any
 * other as a manual sending. To pasted addresses: a manual sending, about the session when one is chosen. Whoever
 * already received this questionnaire for this session is skipped. Answers how many were invited.
 */
async function sendNow(app: AppRuntime, actor: Actor, input: SendInput): Promise<number> {
  let invited = 0;
  await auditedChange(app, actor, EVENT, async (tx) => {
    const [questionnaire] = await tx
      .select({
        id: surveyQuestionnaires.id,
        title: surveyQuestionnaires.title,
        kind: surveyQuestionnaires.kind,
        audience: surveyQuestionnaires.audience,
      })
      .from(surveyQuestionnaires)
      .where(eq(surveyQuestionnaires.id, input.questionnaireId));
    if (!questionnaire) throw new AdminInputError(GONE, "questionnaireId");
    const session = input.sessionId ? await sessionTarget(tx, input.sessionId) : null;
    if (input.sessionId && !session) throw new AdminInputError("Cette session n'existe plus.", "sessionId");
    let wave: SurveyWave = "manuel";
    let recipients: Recipient[];
    if (input.target === "learners" && session) {
      wave = WAVE_OF_KIND[questionnaire.kind];
      recipients = await audienceRecipients(
        tx,
        session.id,
        questionnaire.audience,
        wave === "manuel" ? undefined : wave,
      );
      if (recipients.length === 0) throw new AdminInputError(NOBODY[questionnaire.audience], "sessionId");
    } else {
      recipients = input.addresses.map((email) => ({ learnerId: null, email, firstName: null }));
    }
    invited = await invite(tx, keysOf(app), questionnaire.id, session, wave, recipients);
    return {
      action: "send",
      entity: "questionnaire",
      entityId: questionnaire.id,
      details: {
        title: questionnaire.title,
        count: invited,
        wave,
        ...(session ? { session: `${session.title}, ${session.dates}` } : {}),
        target: input.target,
      },
    };
  });
  app.mail.wake();
  return invited;
}

/** Why 'Envoyer maintenant' to a session finds nobody, per audience. */
const NOBODY: Record<SurveyAudience, string> = {
  learner:
    "Aucun·e stagiaire de cette session n'est à interroger : tous et toutes ont déjà reçu ce questionnaire, ou la session n'en a pas (hors abandons).",
  employer:
    "Aucun employeur de cette session n'est à interroger : chacun a déjà reçu ce questionnaire, ou aucun stagiaire de la session n'est financé par une entreprise.",
  trainer:
    "Aucun·e formateur·rice de cette session n'est à interroger : chacun·e a déjà reçu ce questionnaire, ou aucun créneau n'a de formateur·rice avec une adresse e-mail.",
  funder:
    "Aucun financeur de cette session n'est à interroger : chacun a déjà reçu ce questionnaire, ou aucun stagiaire de la session n'est financé par un OPCO, France Travail, une région ou un autre financeur.",
};

async function createQuestionnaire(
  app: AppRuntime,
  actor: Actor,
  input: { title: string; intro: string; kind: QuestionnaireKind; audience: SurveyAudience },
) {
  let id = "";
  try {
    await auditedChange(app, actor, EVENT, async (tx) => {
      const [row] = await tx
        .insert(surveyQuestionnaires)
        .values(input)
        .returning({ id: surveyQuestionnaires.id });
      if (!row) throw new Error("questionnaire insert returned no row");
      id = row.id;
      return { action: "create", entity: "questionnaire", entityId: row.id, details: { title: input.title } };
    });
  } catch (error) {
    if (pgErrorCode(error) === UNIQUE_VIOLATION) {
      throw new AdminInputError(
        `Il existe déjà un questionnaire ${QUESTIONNAIRE_KIND_LABELS[input.kind].toLowerCase()} pour les ${SURVEY_AUDIENCE_LABELS[input.audience].toLowerCase()} : modifiez-le plutôt.`,
        "kind",
      );
    }
    throw error;
  }
  return id;
}

/**
 * Saves one part of the surveys' settings from Paramètres (the delays, or the audiences written to
 * automatically): checked by `schema`, each field changed named in one Journal entry.
 */
function saveSettingsPart<T extends SurveyDelays | SurveyAutomatic>(
  app: AppRuntime,
  actor: Actor,
  intent: string,
  fields: Record<string, string>,
  schema: z.ZodType<T, Record<string, unknown>>,
  words: { refused: string; saved: string; auditTitle: string },
) {
  const parsed = schema.safeParse(fields);
  if (!parsed.success) return invalid(intent, words.refused, parsed.error);
  return guarded(app, intent, words.refused, async () => {
    const before = await getSurveySettings(app.db);
    const changes = diffFields("centre_settings", before, parsed.data);
    if (changes.length === 0) return words.saved;
    await auditedChange(app, actor, { table: "centre_settings", op: "update" }, async (tx) => {
      await saveSurveySettings(tx, parsed.data);
      return {
        action: "update",
        entity: "centre_settings",
        entityId: "1",
        details: { title: words.auditTitle, changes },
      };
    });
    return words.saved;
  });
}

/**
 * The Enquêtes screen's action: a new questionnaire (surveys:write), 'Envoyer maintenant'
 * (surveys:send), and the delays and the audiences' automatic sending, which Paramètres shows and
 * posts here (settings:write).
 */
export const surveysAction = consoleAction(
  { create: "surveys:write", send: "surveys:send", delays: "settings:write", automatic: "settings:write" },
  async (app, actor, form) => {
    const intent = intentOf(form);
    const fields = textFields(form);
    if (intent === "delays") {
      return saveSettingsPart(app, actor, intent, fields, surveyDelaysSchema, {
        refused: "Délais des enquêtes non enregistrés",
        saved: "Délais des enquêtes enregistrés",
        auditTitle: "Délais des enquêtes",
      });
    }
    if (intent === "automatic") {
      return saveSettingsPart(app, actor, intent, fields, surveyAutomaticSchema, {
        refused: "Envois automatiques non enregistrés",
        saved: "Envois automatiques enregistrés",
        auditTitle: "Envois automatiques des enquêtes",
      });
    }
    if (intent === "create") {
      const title = "Questionnaire non créé";
      const parsed = newQuestionnaireSchema.safeParse(fields);
      if (!parsed.success) return invalid(intent, title, parsed.error);
      return guarded(app, intent, title, async () => {
        await createQuestionnaire(app, actor, parsed.data);
        return "Questionnaire créé";
      });
    }
    if (intent === "send") {
      const title = "Questionnaire non envoyé";
      const parsed = sendSchema.safeParse(fields);
      if (!parsed.success) return invalid(intent, title, parsed.error);
      return guarded(app, intent, title, async () => {
        const n = await sendNow(app, actor, parsed.data);
        return n === 0
          ? "Aucun nouvel envoi : chaque destinataire avait déjà reçu ce questionnaire"
          : `${plural(n, "invitation envoyée", "invitations envoyées")}`;
      });
    }
    return unknownIntent(intent);
  },
);
