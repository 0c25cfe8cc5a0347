// The spaces feature's server-only face for app/boot and the routes (no feature imports spaces:
// every feature it shows sits below it). The walls every /espace loader and action passes first.
export { spaceMemberAudit } from "./audit-record.server";
export {
  acceptCompanyQuote,
  type CompanyEmployee,
  companyDocumentFile,
  companyInvoiceFile,
  companyQuoteFile,
  companySpace,
  type EmployeeSlot,
} from "./company-space.server";
export {
  LEARNER_SPACE_INTENTS,
  learnerSpaceIntent,
  PAYER_SPACE_INTENTS,
  payerSpaceIntent,
} from "./console-spaces.server";
export { spaceHome } from "./home.server";
export { inviteLearner, invitePayerContact, learnerInvitations } from "./invitations.server";
export { applicationsOf } from "./learner-applications.server";
export {
  type DocumentToSign,
  type LearnerSpace,
  learnerDocumentFile,
  learnerFeed,
  learnerFeedPath,
  learnerOfFeed,
  learnerSpace,
  provideDocumentsToSign,
} from "./learner-space.server";
export { learnerSpaceAction } from "./learner-space-actions.server";
export {
  isSpaceMemberEmail,
  learnerOf,
  membershipsOf,
  payerOf,
  requireSpaceMember,
  type SpaceMemberPrincipal,
  type SpaceMembership,
  trainerOf,
} from "./members.server";
export {
  learnerRequestedDocuments,
  type RequestedDocumentRow,
  requestedDocumentFile,
  requestedDocumentsOf,
} from "./requested-documents.server";
export { inviteSigner } from "./signer-invitations.server";
export {
  TRAINER_SPACE_INTENTS,
  type TrainerSpace,
  trainerInvitedAt,
  trainerSpace,
  trainerSpaceIntent,
} from "./trainer-space.server";
