// How the Journal d'activité speaks of the demonstration data: registered by app/boot (features/audit/registry.ts).
import type { AuditDeclaration } from "~/features/audit/index.server";

export const demoAudit: AuditDeclaration = {
  entity: "demo_data",
  kind: "Données de démonstration",
  record: () => ({ name: "", href: null }),
};
