// The billing feature's server-only face for routes and app/boot: they import from here (docs/architecture.md).
// No lower feature imports billing (learners, catalogue, attendance, settings sit below it).

export { billingAudits } from "./audit-record.server";
export {
  BILLING_SETTINGS_INTENTS,
  type BillingSettings,
  billingSettingsIntent,
  readBillingSettings,
} from "./billing-settings.server";
export { payerChoices } from "./console-common.server";
export { invoicesArchiveDownload, periodAsked, salesJournalDownload } from "./console-exports.server";
export { fundingAction, learnerFundingPage } from "./console-funding.server";
export { invoiceAction, invoicePage, invoicePdfFile, NO_INVOICES } from "./console-invoices.server";
export { NO_OUTSTANDING, outstandingPage } from "./console-outstanding.server";
export { type AdminPayer, NO_PAYERS, payerActionWith, payersPage } from "./console-payers.server";
export { NO_QUOTES, newQuotePage, quoteAction, quotePage, quotesPage } from "./console-quotes.server";
export { createCreditNote } from "./credit-notes.server";
export {
  deleteDraft,
  INVOICE_GONE,
  type InvoiceWithLines,
  ISSUED_REFUSAL,
  invoicesOfLearner,
  readInvoice,
  updateDraft,
} from "./drafts.server";
export * from "./follow-up.server";
export {
  type FundingPlanView,
  type FundingShareView,
  payerShare,
  readFundingPlan,
  saveFundingPlan,
} from "./funding-plans.server";
export { DRAFT_NUMBER, invoiceDocument } from "./invoice-document.server";
export { invoiceFigures } from "./invoice-state.server";
export { creditableNet, issueInvoice } from "./issue.server";
export { billingLearnerHold } from "./learner-hold.server";
export { createDraft } from "./new-draft.server";
export { currentSeller, sellerProblem } from "./parties.server";
export { payerTitle } from "./payer-audit.server";
export { answerQuote, quoteByToken } from "./quote-answers.server";
export { quotePdfFile } from "./quotes.server";
