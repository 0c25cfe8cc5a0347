import { eq } from "drizzle-orm";
import { data } from "react-router";
import { type AuditEntry, auditedChange } from "~/features/audit/index.server";
import { media } from "~/features/media/schema.server";
import { type RequestArgs, requireConsolePermission } from "~/platform/console/access.server";
import {
  AdminInputError,
  attempt,
  consoleAction,
  failure,
  intentOf,
  invalid,
  pgErrorCode,
  unknownIntent,
} from "~/platform/console/action.server";
import type { Db } from "~/platform/db/client.server";
import { fieldErrors } from "~/platform/field-errors";
import { textFields } from "~/platform/form-data";
import { type AdminActionResult, entityId } from "~/platform/form-schema";
import { REQUEST_LIMITS } from "~/platform/request-limits";
import type { AppRuntime } from "~/platform/runtime.server";
import { ImagesBusy, TaskQueue } from "./images.server";
import { type CheckedImage, checkImage, dropOrphanVariants, MEDIA_ERRORS } from "./library.server";
import { type MediaDetails, mediaDetailsSchema } from "./media-schema";
import { mediaUses } from "./picture-uses.server";
import { lockHash, type MediaBytes, mediaBytes, releaseBytes } from "./store.server";

const EVENT = { table: "media", op: "update" } as const;
const GONE = "Cette image n'existe plus.";
const FOREIGN_KEY_VIOLATION = "23503";

/** How the journal names an image: its alternative text, or its file name for a decorative one. */
const mediaTitle = (details: { alt: string; decorative: boolean }, fileName: string) =>
  details.decorative || !details.alt ? fileName : details.alt;

/**
 * The row's facts of a checked image, its bytes kept first (in the row or as a file, see
 * store.server.ts) under the hash's lock, within the transaction `tx` that writes the row.
 */
async function fileColumns(tx: Db, bytes: MediaBytes, image: CheckedImage) {
  await lockHash(tx, image.hash);
  return {
    hash: image.hash,
    content: await bytes.put({ hash: image.hash }, image.content),
    format: image.format,
    width: image.width,
    height: image.height,
    hasAlpha: image.hasAlpha,
    size: image.content.byteLength,
    fileName: image.fileName,
  };
}

/**
 * After a change, whether it was saved or not: the files and variants of bytes no image has any
 * more (deleted, replaced, an upload that failed) go. A failure here leaves unused files behind,
 * which costs disk space but not the answer: it is logged, the change stands.
 */
async function release(app: AppRuntime, hashes: (string | undefined)[]) {
  for (const hash of new Set(hashes)) {
    if (!hash) continue;
    await releaseBytes(app.db, mediaBytes(app), hash).catch((error: unknown) => {
      app.logger.warn({ err: error, hash }, "media files not released");
    });
  }
}

async function current(tx: Db, id: string) {
  const [row] = await tx
    .select({ hash: media.hash, fileName: media.fileName, alt: media.alt, decorative: media.decorative })
    .from(media)
    .where(eq(media.id, id))
    .for("update");
  if (!row) throw new AdminInputError(GONE);
  return row;
}

/** "Cette image est utilisée par la formation « A » et l'article « B » : retirez-la d'abord." */
export function inUseMessage(uses: string[]): string {
  const list = uses.length === 1 ? uses[0] : `${uses.slice(0, -1).join(", ")} et ${uses[uses.length - 1]}`;
  return `Cette image est utilisée par ${list} : choisissez une autre image là d'abord, puis supprimez-la.`;
}

async function removeMedia(tx: Db, id: string, removed: { hash?: string }): Promise<AuditEntry> {
  const row = await current(tx, id);
  removed.hash = row.hash;
  const uses = await mediaUses(tx, id);
  if (uses.length > 0) throw new AdminInputError(inUseMessage(uses));
  await tx.delete(media).where(eq(media.id, id));
  await dropOrphanVariants(tx, row.hash);
  return {
    action: "delete",
    entity: "media",
    entityId: id,
    details: { title: mediaTitle(row, row.fileName) },
  };
}

/**
 * The médiathèque's action: `upload` a new image with its details, `update` the details, `replace`
 * the file (same image everywhere it is used, new addresses), `delete` one nobody uses. Every
 * change is audited and announced (pages showing the image are rendered again). An upload answers
 * the new image's id, for the picker that uploads in place.
 */
const mediaConsoleAction = consoleAction(
  { upload: "media:write", update: "media:write", replace: "media:write", delete: "media:write" },
  async (app, actor, form) => {
    const intent = intentOf(form);
    const fields = textFields(form);
    if (intent === "upload") {
      const details = mediaDetailsSchema.safeParse(fields);
      const image = await checkImage(form.get("file"));
      if ("error" in image || !details.success) {
        const errors: Record<string, string> = details.success ? {} : fieldErrors(details.error);
        if ("error" in image) errors.file = image.error;
        const first = "error" in image ? image.error : "Vérifiez les champs signalés.";
        return failure(intent, "Image refusée", 400, first, errors);
      }
      let id = "";
      const bytes = mediaBytes(app);
      const result = await attempt(
        app,
        intent,
        "Erreur lors de l'envoi de l'image",
        "Image ajoutée à la médiathèque",
        () =>
          auditedChange(app, actor, EVENT, async (tx) => {
            const [saved] = await tx
              .insert(media)
              .values({ ...(await fileColumns(tx, bytes, image)), ...details.data })
              .returning({ id: media.id });
            id = saved?.id ?? "";
            return {
              action: "create",
              entity: "media",
              entityId: id,
              details: { title: mediaTitle(details.data, image.fileName), size: image.content.byteLength },
            };
          }),
      );
      if (!id) await release(app, [image.hash]);
      return id ? data<AdminActionResult>({ ...result.data, created: id }) : result;
    }
    const id = entityId.safeParse(fields.id);
    if (!id.success) return failure(intent, "Image inconnue", 400, GONE);
    if (intent === "update") {
      const details = mediaDetailsSchema.safeParse(fields);
      if (!details.success)
        return invalid(intent, "Erreur lors de l'enregistrement de l'image", details.error);
      return attempt(app, intent, "Erreur lors de l'enregistrement de l'image", "Image mise à jour", () =>
        auditedChange(app, actor, EVENT, async (tx) => {
          const row = await current(tx, id.data);
          await tx
            .update(media)
            .set({ ...details.data, updatedAt: new Date() })
            .where(eq(media.id, id.data));
          return {
            action: "update",
            entity: "media",
            entityId: id.data,
            details: { title: mediaTitle(details.data as MediaDetails, row.fileName) },
          };
        }),
      );
    }
    if (intent === "replace") {
      const image = await checkImage(form.get("file"));
      if ("error" in image) return failure(intent, "Image refusée", 400, image.error, { file: image.error });
      let previous: string | undefined;
      const result = await attempt(
        app,
        intent,
        "Erreur lors du remplacement de l'image",
        "Image remplacée",
        () =>
          auditedChange(app, actor, EVENT, async (tx) => {
            const row = await current(tx, id.data);
            previous = row.hash;
            await tx
              .update(media)
              .set({ ...(await fileColumns(tx, mediaBytes(app), image)), updatedAt: new Date() })
              .where(eq(media.id, id.data));
            if (row.hash !== image.hash) await dropOrphanVariants(tx, row.hash);
            return {
              action: "update",
              entity: "media",
              entityId: id.data,
              details: {
                title: mediaTitle(row, image.fileName),
                replaced: { from: row.fileName, to: image.fileName },
              },
            };
          }),
      );
      // Replaced: the old bytes' files go; refused: the new ones written for nothing go.
      await release(app, [previous, image.hash]);
      return result;
    }
    if (intent === "delete") {
      const removed: { hash?: string } = {};
      const result = await attempt(app, intent, "Suppression impossible", "Image supprimée", async () => {
        try {
          await auditedChange(app, actor, EVENT, (tx) => removeMedia(tx, id.data, removed));
        } catch (error) {
          // Attached elsewhere between the check and the deletion: the database refuses, say where.
          if (pgErrorCode(error) !== FOREIGN_KEY_VIOLATION) throw error;
          throw new AdminInputError(inUseMessage(await mediaUses(app.db, id.data)));
        }
      });
      await release(app, [removed.hash]);
      return result;
    }
    return unknownIntent(intent);
  },
  {
    upload: {
      maxBytes: REQUEST_LIMITS.mediaUploadBytes,
      tooLarge: MEDIA_ERRORS.tooLarge,
    },
  },
);

/**
 * Posts to the médiathèque, two at a time: an upload holds its file in memory several times over
 * (the body, the form, the bytes checked and stored, about 50 MB for a 10 MB photo) from the
 * moment its body is read, so the others wait before reading theirs (their bytes stay with the
 * sender meanwhile). Twenty staff sending a photo at once are served in turn; past 10 s of waiting
 * (the server cuts a request not answered 30 s after it began) or a full image queue, they are asked
 * to try again in a few seconds: 503 with Retry-After and a French message, nothing stored.
 */
const uploads = new TaskQueue({ slots: 2, maxWaiting: 40, maxWaitMs: 10_000, retryAfterSeconds: 5 });

/** The French answer of a busy server: the upload can be sent again as it is. */
export const BUSY_MESSAGE =
  "Le serveur traite déjà d'autres images : renvoyez celle-ci dans quelques secondes.";

export const mediaAction = Object.assign(
  async (args: RequestArgs) => {
    // Signed-out visitors are turned away before they take a turn.
    await requireConsolePermission(args, "console:access");
    try {
      return await uploads.run(() => mediaConsoleAction(args));
    } catch (error) {
      if (!(error instanceof ImagesBusy)) throw error;
      return data<AdminActionResult>(
        {
          ok: false,
          intent: "",
          toast: { type: "error", title: "Serveur occupé", description: BUSY_MESSAGE },
          errors: { file: BUSY_MESSAGE },
        },
        { status: 503, headers: { "Retry-After": String(error.retryAfterSeconds) } },
      );
    }
  },
  { permissions: mediaConsoleAction.permissions },
);
