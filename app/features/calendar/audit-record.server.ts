// How the Journal d'activité speaks of calendar feeds: registered by app/boot (features/audit/registry.ts).
import type { AuditDeclaration } from "~/features/audit/index.server";

export const calendarFeedAudit: AuditDeclaration = {
  entity: "calendar_feed",
  kind: "Abonnements iCalendar",
  record: () => ({ name: "", href: "/admin/calendrier" }),
};
