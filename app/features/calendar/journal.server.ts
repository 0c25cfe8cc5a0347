// How the Journal d'activité speaks of calendar feeds: registered by app/boot (features/journal/registry.ts).
import type { JournalDeclaration } from "~/features/journal/index.server";

export const calendarFeedJournal: JournalDeclaration = {
  entity: "calendar_feed",
  kind: "Abonnements iCalendar",
  record: () => ({ name: "", href: "/admin/calendrier" }),
};
