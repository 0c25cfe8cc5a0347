import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import type { z } from "zod/mini";
import { findActiveFormation } from "~/features/catalogue/index.server";
import { contactRequests, type NewContactRequest } from "~/features/leads/schema.server";
import { cachedCentreSettings } from "~/features/settings/index.server";
import type { Db } from "~/platform/db/client.server";
import { fieldErrors } from "~/platform/field-errors";
import { readFormFields } from "~/platform/http/body.server";
import { type MailMessage, outboxInsert } from "~/platform/mail/queue.server";
import { centreReplyTo } from "~/platform/mail/templates.server";
import { formRateLimited } from "~/platform/rate-limit.server";
import type { AppRuntime } from "~/platform/runtime.server";
import type { ToastMessage } from "~/platform/toast";
import {
  type CallbackInput,
  CONTACT_ERRORS,
  type ContactInput,
  callbackSchema,
  contactSchema,
  type FormResult,
} from "./contact-schema";
import { CONTACT_MESSAGES, HONEYPOT_FIELD, LIMITS, OTHER_FORMATION } from "./content";
import { type RequestSummary, staffNotificationMail, visitorConfirmationMail } from "./mails.server";

/** What a public form's handler answers: a status and a body the route turns into data or JSON. */
export interface FormOutcome {
  status: number;
  body: FormResult;
  headers?: Record<string, string>;
}

const failure = (status: number, toast: ToastMessage, extra: Partial<FormResult> = {}): FormOutcome => ({
  status,
  body: { ok: false, toast, message: toast.description ?? toast.title, ...extra },
});

/** A value the schema let through but the database refuses (an unknown course): a 400 on that field. */
export class FieldRefusal extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The title of the active formation a form names, or null when none was chosen. An unknown or
 * deactivated formation is refused with the form's message for that field.
 */
async function chosenFormation(db: Db, value: string | undefined): Promise<string | null> {
  if (!value) return null;
  const found = await findActiveFormation(db, value);
  if (!found) throw new FieldRefusal("formation", CONTACT_ERRORS.formation);
  return found.title;
}

/** What to put back in the form when JavaScript is off: the typed values, bounded, minus the trap. */
function echo(fields: Record<string, string>): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (key !== HONEYPOT_FIELD && key.length <= 40) values[key] = value.slice(0, LIMITS.message + 100);
  }
  return values;
}

/**
 * The steps the public forms share (contact, callback, complaint), in the order that keeps abuse
 * cheap: size, rate limit (one budget for all of them), parse, honeypot, validation, then one
 * transaction. Never throws: every input gets an answer. `store` answers what it stored (an id, a
 * reference), which `success` may quote; a bot caught by the honeypot gets `success("")`.
 * `label` names the form in the logs.
 */
export async function receivePublicForm<S extends z.ZodMiniType>(
  context: AppLoadContext,
  request: Request,
  schema: S,
  store: (app: AppRuntime, input: z.infer<S>) => Promise<string>,
  success: ToastMessage | ((stored: string) => ToastMessage),
  label = "contact",
): Promise<FormOutcome> {
  const { app, clientIp } = context;

  const retryAfter = await formRateLimited(app, clientIp);
  if (retryAfter !== null) {
    return { ...failure(429, CONTACT_MESSAGES.tooMany), headers: { "Retry-After": String(retryAfter) } };
  }

  // The body is bounded the same way with or without a Content-Length (a chunked post too).
  const fields = await readFormFields(request);
  if (fields === "too-large") return failure(413, CONTACT_MESSAGES.tooLarge);
  if (fields === "unreadable") return failure(400, CONTACT_MESSAGES.invalid);

  const ok = (stored: string): FormOutcome => {
    const toast = typeof success === "function" ? success(stored) : success;
    return { status: 200, body: { ok: true, toast, message: toast.description } };
  };
  if (fields[HONEYPOT_FIELD]) {
    app.logger.info({ clientIp }, `${label}: honeypot filled, request dropped`);
    return ok("");
  }

  const parsed = schema.safeParse(fields);
  if (!parsed.success) {
    return failure(400, CONTACT_MESSAGES.invalid, {
      errors: fieldErrors(parsed.error),
      values: echo(fields),
    });
  }

  try {
    const stored = await store(app, parsed.data);
    app.logger.info({ stored }, `${label}: request stored`);
    return ok(stored);
  } catch (error) {
    if (error instanceof FieldRefusal) {
      return failure(400, CONTACT_MESSAGES.invalid, {
        errors: { [error.field]: error.message },
        values: echo(fields),
      });
    }
    app.logger.error({ err: error }, `${label}: storing the request failed`);
    return failure(503, CONTACT_MESSAGES.failure, { values: echo(fields) });
  }
}

/**
 * Stores one request and queues its two e-mails in one statement (the request's insert as a
 * `with` clause of the outbox's): the row and the mail exist together or not at all, without a
 * transaction's extra round trips. The id is made here so that the mail can name its request.
 * Mail leaves later, retried until delivered, so an SMTP outage never costs the visitor anything.
 * The centre's settings come from the in-memory copy (emptied by any change to them): at hundreds
 * of submissions a second, reading them each time was a query per submission.
 */
export async function storeRequest(
  app: AppRuntime,
  row: NewContactRequest & { phone: string },
  kind: RequestSummary["kind"],
): Promise<string> {
  const createdAt = new Date();
  const id = randomUUID();
  const centre = await cachedCentreSettings(app);
  const summary: RequestSummary = {
    kind,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email ?? null,
    phone: row.phone,
    subject: row.subject ?? null,
    formation: row.formationInterest ?? null,
    message: row.message ?? null,
    marketingConsent: row.marketingConsent ?? false,
    source: row.source ?? "contact_form",
    callbackRequested: row.callbackRequested ?? false,
    appointmentMode: row.appointmentMode ?? null,
    createdAt,
  };
  const mails: MailMessage[] = [
    {
      kind: "contact_notification",
      to: centre.leadRecipient,
      // Staff answer the visitor with one click.
      replyTo: row.email ?? null,
      contactRequestId: id,
      ...staffNotificationMail(centre, summary, `${app.config.publicUrl}/admin/contacts`),
    },
  ];
  if (row.email) {
    mails.push({
      kind: "contact_confirmation",
      to: row.email,
      replyTo: centreReplyTo(centre),
      contactRequestId: id,
      ...visitorConfirmationMail(centre, summary),
    });
  }
  const request = app.db.insert(contactRequests).values({ ...row, id, createdAt });
  // The outbox's foreign key is checked at the end of the statement, when both rows exist.
  await app.db.execute(sql`with request as (${request.getSQL()}) ${outboxInsert(app.db, mails).getSQL()}`);
  app.mail.wake();
  await app.events.publish({ table: "contact_requests", op: "insert" });
  return id;
}

/**
 * The subject and the course are kept apart (subject, formation_interest: the chosen course's title
 * or nothing), so the console, the CSV and Statistiques read each for what it is; rdv asks for a call.
 */
export function contactRow(
  input: ContactInput,
  formationTitle: string | null,
): NewContactRequest & { phone: string } {
  return {
    firstName: input.firstName,
    lastName: input.lastName,
    email: input.email,
    phone: input.phone,
    subject: input.subject,
    formationInterest: formationTitle,
    message: input.message,
    source: "contact_form",
    callbackRequested: input.subject === "rdv",
    appointmentMode: input.subject === "rdv" ? (input.appointmentMode ?? null) : null,
    status: "new",
    marketingConsent: input.acceptMarketing,
    marketingConsentAt: input.acceptMarketing ? new Date() : null,
  };
}

export function callbackRow(
  input: CallbackInput,
  formationTitle: string | null,
): NewContactRequest & { phone: string } {
  return {
    firstName: input.firstName,
    lastName: input.lastName,
    email: input.email ?? null,
    phone: input.phone,
    subject: null,
    formationInterest: formationTitle,
    message: null,
    source: input.source,
    callbackRequested: true,
    status: "new",
  };
}

/** The /contact action. */
export function receiveContactForm(context: AppLoadContext, request: Request): Promise<FormOutcome> {
  return receivePublicForm(
    context,
    request,
    contactSchema,
    async (app, input) => {
      const title =
        input.formation === OTHER_FORMATION.id
          ? OTHER_FORMATION.label
          : await chosenFormation(app.db, input.formation);
      return storeRequest(app, contactRow(input, title), "message");
    },
    CONTACT_MESSAGES.success,
  );
}

/** POST /api/rappel, from the « Être rappelé·e » dialog. */
export function receiveCallback(context: AppLoadContext, request: Request): Promise<FormOutcome> {
  return receivePublicForm(
    context,
    request,
    callbackSchema,
    async (app, input) =>
      storeRequest(app, callbackRow(input, await chosenFormation(app.db, input.formation)), "callback"),
    CONTACT_MESSAGES.callbackSuccess,
  );
}
