/** The Stagiaires screens' actions: add, edit and erase a learner; preview and run a CSV import. */
import { data } from "react-router";
import {
  AdminInputError,
  type AlsoPosted,
  attemptOnRecord,
  attemptParsed,
  consoleAction,
  failure,
  intentOf,
  pgErrorCode,
  UNIQUE_VIOLATION,
  unknownIntent,
} from "~/platform/console/action.server";
import { textFields } from "~/platform/form-data";
import { entityId } from "~/platform/form-schema";
import { plural } from "~/platform/plural";
import { REQUEST_LIMITS } from "~/platform/request-limits";
import type { AppRuntime } from "~/platform/runtime.server";
import { redirectWithToast } from "~/platform/toast.server";
import type { ImportedRow, ImportProblem } from "./csv-import";
import { checkImport, decodeCsv, IMPORT_TOO_LARGE, importLearners } from "./import.server";
import { learnerCreateSchema, learnerUpdateSchema } from "./learner-schema";
import { ALREADY_LEARNER, addLearner, eraseLearner, updateLearner } from "./learners.server";

const SAVE_ERROR = "Erreur lors de l'enregistrement";
const ERASE = {
  error: "Erreur lors de l'effacement",
  done: "Stagiaire effacé·e",
  unknown: "Stagiaire inconnu·e.",
};

/** Two staff adding the same person at once: the unique index decides, in French. */
async function saved(run: () => Promise<unknown>) {
  try {
    await run();
  } catch (error) {
    if (pgErrorCode(error) === UNIQUE_VIOLATION) throw new AdminInputError(ALREADY_LEARNER, "email");
    throw error;
  }
}

/**
 * A learner's presence, status and outcome feed the course pages' published rates (completion,
 * success: features/indicators): once stored, the 'formations' event their open copies and the
 * page cache follow.
 */
async function announced<T>(app: AppRuntime, run: () => Promise<T>): Promise<T> {
  const result = await run();
  await app.events.publish({ table: "formations", op: "update" });
  return result;
}

/**
 * /admin/stagiaires: create and update for whoever manages learners, erasure for administrators,
 * and what `also` answers: the learners' documents (features/documents, which leans on learners),
 * added by the route so that learners need not know them.
 */
export const learnerAction = <Result>(also: AlsoPosted<Result>) =>
  consoleAction(
    { create: "learners:write", update: "learners:write", erase: "learners:erase", ...also.permissions },
    async (app, actor, form) => {
      const intent = intentOf(form);
      if (Object.hasOwn(also.permissions, intent)) return also.handle(app, actor, form);
      const fields = textFields(form);
      if (intent === "create") {
        return attemptParsed(
          app,
          intent,
          learnerCreateSchema.safeParse(fields),
          SAVE_ERROR,
          "Stagiaire ajouté·e",
          (input) =>
            announced(app, () => saved(() => app.db.transaction((tx) => addLearner(tx, actor, input)))),
        );
      }
      if (intent === "update") {
        return attemptParsed(
          app,
          intent,
          learnerUpdateSchema.safeParse(fields),
          SAVE_ERROR,
          "Stagiaire mis·e à jour",
          (input) =>
            announced(app, () => saved(() => app.db.transaction((tx) => updateLearner(tx, actor, input)))),
        );
      }
      if (intent === "erase") {
        return attemptOnRecord(app, intent, fields.id, ERASE, (id) =>
          announced(app, () => app.db.transaction((tx) => eraseLearner(tx, actor, id))),
        );
      }
      return unknownIntent(intent);
    },
    { upload: also.upload },
  );

/* ------------------------------------------------------------------------------------------------
 * CSV import: 'preview' reads the file and answers what it holds and what is wrong, storing
 * nothing; 'import' posts the same text back and stores every row, or none.
 * --------------------------------------------------------------------------------------------- */

export interface ImportPreview {
  sessionId: string;
  /** The file's text, posted back by 'Importer' (the file input cannot be kept across pages). */
  text: string;
  rows: ImportedRow[];
  problems: ImportProblem[];
}

export interface ImportAnswer {
  ok: boolean;
  intent: string;
  toast: { type: "success" | "error"; title: string; description?: string };
  errors?: Record<string, string>;
  preview?: ImportPreview;
}

const IMPORT_ERROR = "Import impossible";
const CHOOSE_SESSION = "Choisissez une session";
const CHOOSE_FILE = "Choisissez un fichier CSV";

/** The CSV's text from the uploaded file ('preview') or from the preview's hidden field ('import'). */
async function postedText(
  form: FormData,
  intent: string,
): Promise<string | { field: string; message: string }> {
  if (intent === "preview") {
    const file = form.get("file");
    if (!(file instanceof File) || file.size === 0) return { field: "file", message: CHOOSE_FILE };
    if (file.size > REQUEST_LIMITS.learnerImportBytes) return { field: "file", message: IMPORT_TOO_LARGE };
    return decodeCsv(new Uint8Array(await file.arrayBuffer()));
  }
  const text = form.get("text");
  if (typeof text !== "string" || text.trim() === "") return { field: "file", message: CHOOSE_FILE };
  if (Buffer.byteLength(text) > REQUEST_LIMITS.learnerImportBytes)
    return { field: "file", message: IMPORT_TOO_LARGE };
  return text;
}

export const learnerImportAction = consoleAction(
  { preview: "learners:write", import: "learners:write" },
  async (app, actor, form) => {
    const intent = intentOf(form);
    if (intent !== "preview" && intent !== "import") return unknownIntent(intent);
    const session = entityId.safeParse(form.get("sessionId"));
    if (!session.success) {
      return failure(intent, IMPORT_ERROR, 400, `${CHOOSE_SESSION}.`, { sessionId: CHOOSE_SESSION });
    }
    const text = await postedText(form, intent);
    if (typeof text !== "string") {
      return failure(intent, IMPORT_ERROR, 400, text.message, { [text.field]: text.message });
    }
    const sessionId = session.data;
    if (intent === "preview") {
      const reading = await checkImport(app.db, sessionId, text);
      return data<ImportAnswer>({
        ok: reading.problems.length === 0,
        intent,
        toast: { type: "success", title: "Fichier lu" },
        preview: { sessionId, text, ...reading },
      });
    }
    let result: Awaited<ReturnType<typeof importLearners>>;
    try {
      result = await app.db.transaction((tx) => importLearners(tx, actor, sessionId, text));
    } catch (error) {
      if (pgErrorCode(error) !== UNIQUE_VIOLATION) throw error;
      // A learner with one of these addresses joined the session meanwhile: read the file again.
      result = { ...(await checkImport(app.db, sessionId, text)), imported: 0 };
    }
    if (result.problems.length) {
      return data<ImportAnswer>(
        {
          ok: false,
          intent,
          toast: { type: "error", title: "Rien n'a été importé" },
          preview: { sessionId, text, rows: result.rows, problems: result.problems },
        },
        { status: 400 },
      );
    }
    await app.events.publish({ table: "formations", op: "update" });
    return redirectWithToast(
      `/admin/stagiaires?session=${sessionId}`,
      {
        type: "success",
        title: `${plural(result.imported, "stagiaire importé·e", "stagiaires importé·es")}`,
      },
      app.config.authSecret,
    );
  },
  {
    upload: { maxBytes: REQUEST_LIMITS.learnerImportBytes + 64 * 1024, tooLarge: IMPORT_TOO_LARGE },
  },
);
