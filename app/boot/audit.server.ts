// Every feature's declaration of its records to the Journal d'activité (features/audit/registry.ts),
// registered once when this module loads: boot/runtime.server.ts imports it, so every runtime (the
// server's, each test's) has them before a request is served. The Journal itself names no feature.
import { userAudit } from "~/features/accounts/audit-record.server";
import { applicationAudit } from "~/features/applications/audit-record.server";
import { articleAudit } from "~/features/articles/audit-record.server";
import { registerAudit } from "~/features/audit/index.server";
import { billingAudits } from "~/features/billing/audit-record.server";
import { calendarFeedAudit } from "~/features/calendar/audit-record.server";
import { formationAudit, sessionAudit } from "~/features/catalogue/audit-record.server";
import { complaintAudit } from "~/features/complaints/audit-record.server";
import { demoAudit } from "~/features/demo/audit-record.server";
import { contactRequestAudit } from "~/features/leads/audit-record.server";
import { learnerAudit } from "~/features/learners/audit-record.server";
import { mediaAudit } from "~/features/media/audit-record.server";
import { pageAudit } from "~/features/pages/audit-record.server";
import { positioningAudit } from "~/features/positioning/audit-record.server";
import { qualityAudits } from "~/features/quality/audit-record.server";
import { settingsAudit } from "~/features/settings/audit-record.server";
import { signatureAudits } from "~/features/signatures/audit-record.server";
import { requestedDocumentAudit, spaceMemberAudit } from "~/features/spaces/audit-record.server";
import { questionnaireAudit } from "~/features/surveys/audit-record.server";
import { testimonialAudit } from "~/features/testimonials/audit-record.server";
import { trainerAudit } from "~/features/trainers/audit-record.server";

registerAudit(
  formationAudit,
  sessionAudit,
  articleAudit,
  testimonialAudit,
  applicationAudit,
  learnerAudit,
  contactRequestAudit,
  complaintAudit,
  userAudit,
  questionnaireAudit,
  pageAudit,
  settingsAudit,
  calendarFeedAudit,
  mediaAudit,
  demoAudit,
  trainerAudit,
  ...billingAudits,
  ...signatureAudits,
  spaceMemberAudit,
  requestedDocumentAudit,
  ...qualityAudits,
  positioningAudit,
);
