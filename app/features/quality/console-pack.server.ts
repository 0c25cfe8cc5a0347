/**
 * The console's Dossier de preuves screen (/admin/qualiopi/dossier): the action that asks for a pack
 * or deletes one (quality:read: whoever may download a pack may prepare it, and remove an old one).
 */
import {
  AdminInputError,
  attemptOnRecord,
  attemptParsed,
  consoleAction,
  intentOf,
  unknownIntent,
} from "~/platform/console/action.server";
import { textFields } from "~/platform/form-data";
import { deletePack, requestPack } from "./pack-jobs.server";
import { packPeriodSchema } from "./pack-schema";

export const PACK_GONE = "Ce dossier n'existe plus, ou il est en préparation.";

export const packAction = consoleAction(
  { prepare: "quality:read", delete: "quality:read" },
  async (app, actor, form) => {
    const intent = intentOf(form);
    if (intent === "prepare") {
      return attemptParsed(
        app,
        intent,
        packPeriodSchema.safeParse(textFields(form)),
        "Période invalide",
        "Préparation du dossier lancée",
        async (period) => {
          const { created } = await requestPack(app.db, actor, period);
          app.qualityPacks.wake();
          await app.events.publish({ table: "quality_packs", op: "insert" });
          return {
            title: created
              ? "Préparation du dossier lancée"
              : "Le dossier de cette période est déjà en préparation",
          };
        },
      );
    }
    if (intent === "delete") {
      return attemptOnRecord(
        app,
        intent,
        form.get("id"),
        { error: "Suppression impossible", done: "Dossier supprimé", unknown: "Dossier inconnu." },
        async (id) => {
          if (!(await deletePack(app.db, app.qualityPacks.folder, actor, id)))
            throw new AdminInputError(PACK_GONE);
          await app.events.publish({ table: "quality_packs", op: "delete" });
        },
      );
    }
    return unknownIntent(intent);
  },
);
