/**
 * A trainer's documents: sent from their page (checked as every stored document is, by
 * platform/uploaded-file.server.ts: the one size limit, the type read from the content), downloaded
 * by staff who read the register, removed. Each change is in the Journal, on the trainer.
 */
import { and, eq } from "drizzle-orm";
import { type Actor, auditedChange } from "~/features/audit/index.server";
import {
  AdminInputError,
  type AlsoPosted,
  attempt,
  attemptOnRecord,
  consoleAction,
  failure,
  intentOf,
  invalid,
  unknownIntent,
} from "~/platform/console/action.server";
import type { Db } from "~/platform/db/client.server";
import { textFields } from "~/platform/form-data";
import { FILE_SIZE_LABEL, REQUEST_LIMITS } from "~/platform/request-limits";
import type { AppRuntime } from "~/platform/runtime.server";
import {
  DOCUMENT_TYPES,
  readUploadedFile,
  SCAN_TYPES,
  type UploadedFile,
} from "~/platform/uploaded-file.server";
import { trainerTitle } from "./audit-record.server";
import { trainerDocuments, trainers } from "./schema.server";
import {
  TRAINER_DOCUMENT_ERRORS,
  TRAINER_ERRORS,
  type TrainerDocumentInput,
  trainerDocumentSchema,
} from "./trainer-schema";

/** What a trainer's document may be: a text document, or a scan of a paper one. */
const ACCEPTED = { ...DOCUMENT_TYPES, ...SCAN_TYPES };

const TOO_LARGE = `Le fichier ne doit pas dépasser ${FILE_SIZE_LABEL}`;

/** The posted file, or the French message for the file field. */
async function checkedFile(value: FormDataEntryValue | null): Promise<UploadedFile | { error: string }> {
  const read = await readUploadedFile(value, ACCEPTED, "document");
  if (read === null) return { error: TRAINER_DOCUMENT_ERRORS.missing };
  if ("problem" in read) {
    const messages = {
      empty: TRAINER_DOCUMENT_ERRORS.empty,
      tooLarge: TOO_LARGE,
      type: TRAINER_DOCUMENT_ERRORS.type,
    };
    return { error: messages[read.problem] };
  }
  return read;
}

/** Keeps the document on the trainer, audited. */
export async function addTrainerDocument(
  app: AppRuntime,
  actor: Actor,
  input: TrainerDocumentInput,
  file: UploadedFile,
) {
  await auditedChange(app, actor, { table: "trainers", op: "update" }, async (tx) => {
    const [trainer] = await tx
      .select({ id: trainers.id })
      .from(trainers)
      .where(eq(trainers.id, input.trainerId))
      .for("update");
    if (!trainer) throw new AdminInputError(TRAINER_ERRORS.unknown);
    await tx.insert(trainerDocuments).values({ ...input, ...file });
    return {
      action: "update",
      entity: "trainer",
      entityId: trainer.id,
      details: {
        title: trainerTitle(trainer.id),
        document: { kind: input.kind, label: input.label, expiresOn: input.expiresOn, size: file.size },
      },
    };
  });
}

/** Removes one trainer's document, audited on its trainer. */
export async function removeTrainerDocument(app: AppRuntime, actor: Actor, documentId: string) {
  await auditedChange(app, actor, { table: "trainers", op: "update" }, async (tx) => {
    const [removed] = await tx.delete(trainerDocuments).where(eq(trainerDocuments.id, documentId)).returning({
      trainerId: trainerDocuments.trainerId,
      kind: trainerDocuments.kind,
      label: trainerDocuments.label,
    });
    if (!removed) throw new AdminInputError(TRAINER_DOCUMENT_ERRORS.unknown);
    const { trainerId, ...document } = removed;
    return {
      action: "update",
      entity: "trainer",
      entityId: trainerId,
      details: { title: trainerTitle(trainerId), removedDocument: document },
    };
  });
}

/** A document to download: its bytes with its name and type, when it is this trainer's. */
export async function trainerDocumentFile(db: Db, trainerId: string, documentId: string) {
  const [row] = await db
    .select({
      fileName: trainerDocuments.fileName,
      mimeType: trainerDocuments.mimeType,
      content: trainerDocuments.content,
    })
    .from(trainerDocuments)
    .where(and(eq(trainerDocuments.id, documentId), eq(trainerDocuments.trainerId, trainerId)));
  return row ?? null;
}

/**
 * One trainer's page: send a document (multipart) or remove one, for whoever keeps the register, and
 * what `also` answers (the invitation into the trainer's personal space, added by the route so that
 * the register need not know the spaces).
 */
export const trainerDocumentAction = <Also>(also: AlsoPosted<Also>) =>
  consoleAction(
    { upload: "trainers:write", "delete-document": "trainers:write", ...also.permissions },
    async (app, actor, form) => {
      const intent = intentOf(form);
      if (Object.hasOwn(also.permissions, intent)) return also.handle(app, actor, form);
      const fields = textFields(form);
      if (intent === "upload") {
        const parsed = trainerDocumentSchema.safeParse(fields);
        const file = await checkedFile(form.get("file"));
        if (!parsed.success) return invalid(intent, "Document non enregistré", parsed.error);
        if ("error" in file)
          return failure(intent, "Document non enregistré", 400, file.error, { file: file.error });
        return attempt(app, intent, "Document non enregistré", "Document enregistré", () =>
          addTrainerDocument(app, actor, parsed.data, file),
        );
      }
      if (intent === "delete-document") {
        const titles = {
          error: "Document non supprimé",
          done: "Document supprimé",
          unknown: TRAINER_DOCUMENT_ERRORS.unknown,
        };
        return attemptOnRecord(app, intent, fields.id, titles, (id) => removeTrainerDocument(app, actor, id));
      }
      return unknownIntent(intent);
    },
    {
      upload: {
        maxBytes: REQUEST_LIMITS.fileBytes + 64 * 1024,
        tooLarge: `Le document ne doit pas dépasser ${FILE_SIZE_LABEL}.`,
      },
    },
  );
