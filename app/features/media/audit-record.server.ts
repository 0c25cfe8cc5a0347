// How the Journal d'activité speaks of the media library: registered by app/boot (features/audit/registry.ts).
import type { AuditDeclaration } from "~/features/audit/index.server";

export const mediaAudit: AuditDeclaration = { entity: "media", kind: "Médiathèque" };
