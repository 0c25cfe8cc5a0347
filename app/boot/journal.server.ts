// Every feature's declaration of its records to the Journal d'activité (features/journal/registry.ts),
// registered once when this module loads: boot/runtime.server.ts imports it, so every runtime (the
// server's, each test's) has them before a request is served. The Journal itself names no feature.
import { userJournal } from "~/features/accounts/journal.server";
import { applicationJournal } from "~/features/applications/journal.server";
import { articleJournal } from "~/features/articles/journal.server";
import { calendarFeedJournal } from "~/features/calendar/journal.server";
import { formationJournal, sessionJournal } from "~/features/catalogue/journal.server";
import { complaintJournal } from "~/features/complaints/journal.server";
import { demoJournal } from "~/features/demo/journal.server";
import { registerJournal } from "~/features/journal/index.server";
import { contactRequestJournal } from "~/features/leads/journal.server";
import { learnerJournal } from "~/features/learners/journal.server";
import { mediaJournal } from "~/features/media/journal.server";
import { pageJournal } from "~/features/pages/journal.server";
import { settingsJournal } from "~/features/settings/journal.server";
import { questionnaireJournal } from "~/features/surveys/journal.server";
import { testimonialJournal } from "~/features/testimonials/journal.server";

registerJournal(
  formationJournal,
  sessionJournal,
  articleJournal,
  testimonialJournal,
  applicationJournal,
  learnerJournal,
  contactRequestJournal,
  complaintJournal,
  userJournal,
  questionnaireJournal,
  pageJournal,
  settingsJournal,
  calendarFeedJournal,
  mediaJournal,
  demoJournal,
);
