// How the Journal d'activité speaks of the Qualiopi evidence packs: registered by app/boot
// (features/audit/registry.ts). An entry's title is the pack's period, written with it.
import { inArray } from "drizzle-orm";
import type { AuditDeclaration } from "~/features/audit/index.server";
import { qualityPacks } from "./schema.server";

export const qualityPackAudit: AuditDeclaration = {
  entity: "quality_pack",
  kind: "Dossiers de preuves Qualiopi",
  label: "le dossier de preuves Qualiopi",
  find: async (db, ids) =>
    (await db.select({ id: qualityPacks.id }).from(qualityPacks).where(inArray(qualityPacks.id, ids))).map(
      ({ id }) => ({ id, href: "/admin/qualiopi/dossier" }),
    ),
};
