import { data } from "react-router";
import type { z } from "zod";
import { fieldErrors } from "~/platform/field-errors";
import { textFields } from "~/platform/form-data";
import { type AdminActionResult, entityId } from "~/platform/form-schema";
import { readFormData, readFormDataWithFiles } from "~/platform/http/body.server";
import { REQUEST_LIMITS } from "~/platform/request-limits";
import type { AppRuntime } from "~/platform/runtime.server";
import {
  type ConsolePermission,
  type ConsoleRole,
  type ConsoleUser,
  type RequestArgs,
  requireConsolePermission,
} from "./access.server";

export type { AdminActionResult };

/** A refusal the user can act on (duplicate slug, last admin…): shown as is, never a 500. */
export class AdminInputError extends Error {
  constructor(
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

export function success(intent: string, title: string, description?: string) {
  return data<AdminActionResult>({
    ok: true,
    intent,
    toast: description ? { type: "success", title, description } : { type: "success", title },
  });
}

export function failure(
  intent: string,
  title: string,
  status: number,
  description?: string,
  errors?: Record<string, string>,
) {
  return data<AdminActionResult>(
    {
      ok: false,
      intent,
      toast: { type: "error", title, ...(description ? { description } : {}) },
      ...(errors ? { errors } : {}),
    },
    { status },
  );
}

export function invalid(intent: string, title: string, error: z.ZodError) {
  const errors = fieldErrors(error);
  return failure(intent, title, 400, "Vérifiez les champs signalés.", errors);
}

/** A mutation's own success toast: its title and what it tells besides. */
export interface Outcome {
  title: string;
  description?: string;
}

const isOutcome = (value: unknown): value is Outcome =>
  typeof value === "object" && value !== null && typeof (value as Outcome).title === "string";

/**
 * Runs a mutation and turns its failures into a French error toast: an AdminInputError keeps its
 * French message (400), anything else is logged and answered 500 with the generic title only.
 */
export async function attempt(
  app: AppRuntime,
  intent: string,
  errorTitle: string,
  successTitle: string,
  // A run may answer its own title when the outcome differs ('Brouillon enregistré'), or its title
  // and a description of what it did ('Stagiaire anonymisé·e' and why).
  run: () => Promise<unknown>,
) {
  try {
    const outcome = await run();
    if (isOutcome(outcome)) return success(intent, outcome.title, outcome.description);
    return success(intent, typeof outcome === "string" && outcome ? outcome : successTitle);
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

/**
 * An intent's posted fields checked, then its mutation run with what they parsed to: fields the
 * schema refuses answer 400 with each field's message under `errorTitle`, the mutation's own
 * failures as `attempt` answers them.
 */
export async function attemptParsed<T>(
  app: AppRuntime,
  intent: string,
  parsed: z.ZodSafeParseResult<T>,
  errorTitle: string,
  successTitle: string,
  run: (input: T) => Promise<unknown>,
) {
  if (!parsed.success) return invalid(intent, errorTitle, parsed.error);
  return attempt(app, intent, errorTitle, successTitle, () => run(parsed.data));
}

/** The toasts of an intent about one record: its error's title, its success's, and what an id naming none says. */
export interface RecordTitles {
  error: string;
  done: string;
  /** 'Réclamation inconnue.': the posted id is not one, so no record can answer to it. */
  unknown: string;
}

/**
 * An intent about the one record its form's `id` names (erase, delete): an id that is not one
 * answers 400 with `titles.unknown`, else the mutation runs as `attempt` runs it.
 */
export async function attemptOnRecord(
  app: AppRuntime,
  intent: string,
  posted: unknown,
  titles: RecordTitles,
  run: (id: string) => Promise<unknown>,
) {
  const id = entityId.safeParse(posted);
  if (!id.success) return failure(intent, titles.error, 400, titles.unknown);
  return attempt(app, intent, titles.error, titles.done, () => run(id.data));
}

/** The postgres error code behind a Drizzle error, whichever driver raised it. */
export function pgErrorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === "object"; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export const UNIQUE_VIOLATION = "23505";
/**
 * Whether the database refused a delete because other rows still refer to the row: ON DELETE
 * RESTRICT raises restrict_violation (23001), NO ACTION foreign_key_violation (23503).
 */
export function stillReferenced(error: unknown): boolean {
  const code = pgErrorCode(error);
  return code === "23001" || code === "23503";
}

/** Reads `intent` from a form; unknown intents answer 400. */
export function intentOf(form: FormData): string {
  const intent = form.get("intent");
  return typeof intent === "string" ? intent : "";
}

export function unknownIntent(intent: string) {
  return failure(intent, "Action inconnue", 400);
}

/** Loader reads that fail show the 'Erreur lors du chargement des …' toast instead of a 500. */
export async function loadOr<T>(app: AppRuntime, what: string, read: () => Promise<T>, empty: T) {
  try {
    return { value: await read(), loadError: null };
  } catch (error) {
    app.logger.error({ err: error, what }, "admin load failed");
    return { value: empty, loadError: `Erreur lors du chargement des ${what}` };
  }
}

// Console forms carry whole articles; far below what would strain the server.
const MAX_ADMIN_FORM_BYTES = REQUEST_LIMITS.consoleFormBytes;

/**
 * The posted console form, or a French 4xx for a body that is not a form (JSON, a broken
 * multipart), too large, or holding a NUL character (PostgreSQL refuses it in text): no handler
 * ever sees such input. The personal spaces read their posts with it too.
 */
export async function readConsoleForm(
  request: Request,
  upload: ConsoleActionOptions["upload"],
): Promise<FormData | ReturnType<typeof failure>> {
  const form = upload
    ? await readFormDataWithFiles(request, upload.maxBytes)
    : await readFormData(request, MAX_ADMIN_FORM_BYTES);
  if (form === "too-large") {
    return failure(
      "",
      "Formulaire trop volumineux",
      413,
      upload?.tooLarge ?? "Raccourcissez le texte envoyé.",
    );
  }
  if (form === "unreadable") {
    return failure("", "Formulaire illisible", 400, "Rechargez la page et réessayez.");
  }
  for (const [key, value] of form) {
    if (typeof value === "string" && value.includes("\u0000")) {
      return failure(intentOf(form), "Caractère non autorisé", 400, "Un champ contient un caractère nul.", {
        [key]: "Ce champ contient un caractère non autorisé",
      });
    }
  }
  return form;
}

export interface ConsoleActionOptions {
  /** The action receives files (multipart): its bound, and what to say past it. */
  upload?: { maxBytes: number; tooLarge: string };
}

/** Which permission each intent of a console action needs, declared beside the action's code. */
export type IntentPermissions = Readonly<Record<string, ConsolePermission>>;

/** A console route's action, carrying its intent → permission declaration (the gate test walks it). */
export interface ConsoleAction<Result> {
  (args: RequestArgs): Promise<Result | ReturnType<typeof failure>>;
  readonly permissions: IntentPermissions;
}

/**
 * What a console screen also posts that another feature answers (the Stagiaires screen, the learners'
 * documents; Paramètres, the billing settings): the route adds it, so the screen's own feature need
 * not know the other, and the gate test reads its intents with the screen's.
 */
export interface AlsoPosted<Result> {
  permissions: IntentPermissions;
  handle: (app: AppRuntime, actor: ConsoleUser, form: FormData) => Promise<Result>;
  /** Files it receives (the documents' signed copies): the screen's posts may then be multipart. */
  upload?: ConsoleActionOptions["upload"];
}

/**
 * A console screen's action. Signed-out visitors are redirected and role-less users refused before
 * the body is read; then the posted intent must be one of `permissions` (else 400 'Action inconnue')
 * and the role must hold that intent's permission (else 403). `handle` receives the form and who
 * posted it (for the audit log).
 */
export function consoleAction<Result>(
  permissions: IntentPermissions,
  handle: (app: AppRuntime, actor: ConsoleUser, form: FormData, role: ConsoleRole) => Promise<Result>,
  options: ConsoleActionOptions = {},
): ConsoleAction<Result> {
  const action = async (args: RequestArgs) => {
    await requireConsolePermission(args, "console:access" as ConsolePermission);
    const form = await readConsoleForm(args.request, options.upload);
    if (!(form instanceof FormData)) return form;
    const intent = intentOf(form);
    const permission = Object.hasOwn(permissions, intent) ? permissions[intent] : undefined;
    if (!permission) return unknownIntent(intent);
    const { user, role } = await requireConsolePermission(args, permission);
    return handle(args.context.app, user, form, role);
  };
  return Object.assign(action, { permissions });
}

/* ------------------------------------------------------------------------------------------------
 * A console action as a table of its intents: each names the permission it needs and how it answers,
 * so that an action reads as the list of what its screen can do rather than a chain of `if`s.
 * --------------------------------------------------------------------------------------------- */

type IntentAnswer = ReturnType<typeof success> | ReturnType<typeof failure> | Response;

/** One intent of a console action: its permission, and its answer to the posted form. */
export interface IntentHandler {
  permission: ConsolePermission;
  answer(
    app: AppRuntime,
    actor: ConsoleUser,
    intent: string,
    fields: Record<string, string>,
  ): Promise<IntentAnswer>;
}

/** An intent whose fields `parse` checks, then `run` with what they parsed to (as `attemptParsed`). */
export function parsedIntent<T>(
  permission: ConsolePermission,
  spec: {
    parse: (fields: Record<string, string>) => z.ZodSafeParseResult<T>;
    /** The toasts' titles: of a refusal or failure, and of success (`run` may answer its own). */
    error: string;
    done: string;
    run: (app: AppRuntime, actor: ConsoleUser, input: T) => Promise<unknown>;
  },
): IntentHandler {
  return {
    permission,
    answer: (app, actor, intent, fields) =>
      attemptParsed(app, intent, spec.parse(fields), spec.error, spec.done, (input) =>
        spec.run(app, actor, input),
      ),
  };
}

/**
 * An intent about the one record the form's `id` names (as `attemptOnRecord`); `then` may turn its
 * success into another answer (a redirect once the record is gone).
 */
export function recordIntent(
  permission: ConsolePermission,
  titles: RecordTitles,
  run: (app: AppRuntime, actor: ConsoleUser, id: string) => Promise<unknown>,
  then?: (app: AppRuntime, done: AdminActionResult) => IntentAnswer | Promise<IntentAnswer>,
): IntentHandler {
  return {
    permission,
    async answer(app, actor, intent, fields) {
      const result = await attemptOnRecord(app, intent, fields.id, titles, (id) => run(app, actor, id));
      return then && result.data.ok ? then(app, result.data) : result;
    },
  };
}

/** A console action from the table of its intents (see consoleAction for the checks made first). */
export function intentsAction(
  intents: Readonly<Record<string, IntentHandler>>,
  options?: ConsoleActionOptions,
) {
  const permissions = Object.fromEntries(Object.entries(intents).map(([name, h]) => [name, h.permission]));
  return consoleAction(
    permissions,
    (app, actor, form) => {
      const intent = intentOf(form);
      const handler = Object.hasOwn(intents, intent) ? intents[intent] : undefined;
      return handler
        ? handler.answer(app, actor, intent, textFields(form))
        : Promise.resolve(unknownIntent(intent));
    },
    options,
  );
}
