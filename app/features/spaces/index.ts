// The spaces feature's browser-safe face: its addresses, words and the components its pages show.

export { LearnerDocumentRequests } from "./components/document-requests";
export { LearnerApplications } from "./components/learner-applications";
export { LearnerComplaint } from "./components/learner-complaint";
export { RequestedDocuments } from "./components/requested-documents";
export { type RoleCard, RoleSection } from "./components/role-section";
export {
  LearnerSpaceInvitation,
  PayerContactInvitationDialog,
  SpaceInvitation,
} from "./components/space-invitation";
export * from "./paths";
export * from "./vocabulary";
