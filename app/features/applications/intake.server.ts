import { and, eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { applicationEvents, applicationFiles, applications } from "~/features/applications/schema.server";
import { acceptsApplications, sessionStatus } from "~/features/catalogue";
import { takenSeats } from "~/features/catalogue/index.server";
import { formationSessions, formations } from "~/features/catalogue/schema.server";
import { HONEYPOT_FIELD } from "~/features/leads";
import type { CentreSettings } from "~/features/settings";
import { getCentreSettings } from "~/features/settings/index.server";
import type { Db } from "~/platform/db/client.server";
import { fieldErrors } from "~/platform/field-errors";
import { readBodyBounded } from "~/platform/http/body.server";
import { enqueueMail, type MailMessage } from "~/platform/mail/queue.server";
import { centreReplyTo } from "~/platform/mail/templates.server";
import { formRateLimited } from "~/platform/rate-limit.server";
import { REQUEST_LIMITS } from "~/platform/request-limits";
import type { AppRuntime } from "~/platform/runtime.server";
import type { ToastMessage } from "~/platform/toast";
import { type ApplicationInput, applicationSchema } from "./application-schema";
import {
  APPLICATION_FILES,
  APPLICATION_LIMITS,
  APPLICATION_MESSAGES,
  type ApplicationFileField,
} from "./content";
import { type CheckedFile, checkFile } from "./files.server";
import {
  type ApplicationSummary,
  accommodationMail,
  candidateAcknowledgementMail,
  staffApplicationMail,
} from "./mails.server";

/** What the application page's action answers when it does not redirect. */
export interface ApplyResult {
  ok: false;
  toast: ToastMessage;
  errors?: Record<string, string>;
  /** What the candidate typed, to refill the form without JavaScript (never the files). */
  values?: Record<string, string>;
}

export type ApplyOutcome =
  | { kind: "stored"; waitlisted: boolean; id: string | null }
  | { kind: "refused"; status: number; body: ApplyResult; headers?: Record<string, string> };

// Two files, the text fields and the multipart framing. Past it we stop reading at once.
export const MAX_APPLICATION_BYTES = REQUEST_LIMITS.applicationBytes;

const refused = (status: number, toast: ToastMessage, extra: Partial<ApplyResult> = {}): ApplyOutcome => ({
  kind: "refused",
  status,
  body: { ok: false, toast, ...extra },
});

function echo(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of form) {
    if (typeof value === "string" && key !== HONEYPOT_FIELD && key.length <= 40) {
      values[key] = value.slice(0, APPLICATION_LIMITS.motivation + 100);
    }
  }
  return values;
}

/**
 * Where a candidate's accommodation request goes: the disability referent named in the console's
 * Paramètres, or the lead recipient while no referent e-mail is set. The one place that decides.
 */
export function accommodationRecipient(
  centre: Pick<CentreSettings, "referentEmail" | "leadRecipient">,
): string {
  return centre.referentEmail || centre.leadRecipient;
}

/** A session of this (active) formation, with its seats taken, or null. */
export async function sessionForApplication(db: Db, slug: string, sessionId: string) {
  const [row] = await db
    .select({ session: formationSessions, taken: takenSeats, formationTitle: formations.title })
    .from(formationSessions)
    .innerJoin(formations, eq(formations.id, formationSessions.formationId))
    .where(and(eq(formationSessions.id, sessionId), eq(formations.slug, slug), eq(formations.active, true)))
    .limit(1);
  return row ? { ...row.session, taken: row.taken, formationTitle: row.formationTitle } : null;
}

/**
 * Stores one application, its files and its e-mails in one transaction: the candidate is told it
 * was sent only once all of it is committed, and a failure leaves nothing behind.
 */
export async function storeApplication(
  app: AppRuntime,
  input: ApplicationInput,
  files: CheckedFile[],
  slug: string,
): Promise<{ id: string; waitlisted: boolean } | "session-closed"> {
  const result = await app.db.transaction(async (tx) => {
    const centre = await getCentreSettings(tx);
    const session = await sessionForApplication(tx, slug, input.session);
    if (!session) return "session-closed" as const;
    const status = sessionStatus(session);
    if (!acceptsApplications(status)) return "session-closed" as const;
    const waitlisted = status === "full";
    const now = new Date();
    const [inserted] = await tx
      .insert(applications)
      .values({
        sessionId: session.id,
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        phone: input.phone,
        situation: input.situation,
        financing: input.financing,
        lastDiploma: input.lastDiploma,
        motivation: input.motivation,
        accommodation: input.accommodation ?? null,
        status: waitlisted ? "waitlisted" : "received",
        statusChangedAt: now,
        consentAt: now,
        createdAt: now,
      })
      .returning({ id: applications.id });
    if (!inserted) throw new Error("application insert returned no row");
    await tx.insert(applicationFiles).values(files.map((f) => ({ ...f, applicationId: inserted.id })));
    await tx.insert(applicationEvents).values({
      applicationId: inserted.id,
      kind: "created",
      toStatus: waitlisted ? "waitlisted" : "received",
      body: waitlisted ? "Candidature reçue en liste d'attente (session complète)" : "Candidature reçue",
    });
    const summary: ApplicationSummary = {
      ...input,
      accommodation: input.accommodation ?? null,
      formationTitle: session.formationTitle,
      session,
      waitlisted,
      files,
    };
    const consoleUrl = `${app.config.publicUrl}/admin/candidatures/${inserted.id}`;
    const mails: MailMessage[] = [
      {
        kind: "application_acknowledgement",
        to: input.email,
        replyTo: centreReplyTo(centre),
        applicationId: inserted.id,
        ...candidateAcknowledgementMail(centre, summary),
      },
      {
        kind: "application_notification",
        to: centre.leadRecipient,
        // Staff answer the candidate with one click.
        replyTo: input.email,
        applicationId: inserted.id,
        ...staffApplicationMail(centre, summary, consoleUrl),
      },
    ];
    if (input.accommodation) {
      mails.push({
        kind: "application_accommodation",
        to: accommodationRecipient(centre),
        replyTo: input.email,
        applicationId: inserted.id,
        ...accommodationMail(centre, summary, consoleUrl),
      });
    }
    await enqueueMail(tx, mails);
    return { id: inserted.id, waitlisted };
  });
  if (result === "session-closed") return result;
  app.mail.wake();
  await app.events.publish({ table: "applications", op: "insert" });
  return result;
}

/**
 * POST /formation/{slug}/candidature, a multipart form. The steps keep abuse cheap: rate limit,
 * size bound (reading stops past it), parse, honeypot, validation of the fields and of each file's
 * content, then one transaction. Never throws: every input gets an answer.
 */
export async function receiveApplication(
  context: AppLoadContext,
  request: Request,
  slug: string,
): Promise<ApplyOutcome> {
  const { app, clientIp } = context;
  const retryAfter = await formRateLimited(app, clientIp);
  if (retryAfter !== null) {
    return {
      ...(refused(429, APPLICATION_MESSAGES.tooMany) as Extract<ApplyOutcome, { kind: "refused" }>),
      headers: { "Retry-After": String(retryAfter) },
    };
  }

  const type = request.headers.get("content-type") ?? "";
  if (!type.startsWith("multipart/form-data")) return refused(400, APPLICATION_MESSAGES.invalid);
  const body = await readBodyBounded(request, MAX_APPLICATION_BYTES).catch(() => null);
  if (body === "too-large") return refused(413, APPLICATION_MESSAGES.tooLarge);
  // The platform's multipart parser, on a body already bounded; a broken one answers 400.
  const form = body
    ? await new Response(new Uint8Array(body), { headers: { "content-type": type } })
        .formData()
        .catch(() => null)
    : null;
  if (!form) return refused(400, APPLICATION_MESSAGES.invalid);

  if (form.get(HONEYPOT_FIELD)) {
    app.logger.info({ clientIp }, "application: honeypot filled, dropped");
    return { kind: "stored", waitlisted: false, id: null };
  }

  const fields: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === "string") fields[key] = value;
  const parsed = applicationSchema.safeParse(fields);
  const errors: Record<string, string> = parsed.success ? {} : fieldErrors(parsed.error);
  const files: CheckedFile[] = [];
  for (const { field } of APPLICATION_FILES) {
    const checked = await checkFile(field as ApplicationFileField, form.get(field));
    if (checked && "error" in checked) errors[field] = checked.error;
    else if (checked) files.push(checked);
  }
  if (!parsed.success || Object.keys(errors).length) {
    return refused(400, APPLICATION_MESSAGES.invalid, { errors, values: echo(form) });
  }

  try {
    const stored = await storeApplication(app, parsed.data, files, slug);
    if (stored === "session-closed") {
      return refused(400, APPLICATION_MESSAGES.invalid, {
        errors: { session: "Cette session n'accepte plus de candidatures : choisissez-en une autre" },
        values: echo(form),
      });
    }
    app.logger.info({ applicationId: stored.id }, "application: stored");
    return { kind: "stored", ...stored };
  } catch (error) {
    app.logger.error({ err: error }, "application: storing failed");
    return refused(503, APPLICATION_MESSAGES.failure, { values: echo(form) });
  }
}
