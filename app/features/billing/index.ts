// The billing feature's browser-safe face: its console components, vocabulary, form schemas, pure rules.

export { BillingSettingsCard } from "./components/billing-settings-card";
export { FundingPlanForm } from "./components/funding-plan-form";
export { InvoiceEditor } from "./components/invoice-editor";
export { InvoiceView } from "./components/invoice-view";
export {
  InvoiceRowsTable,
  LearnerQuotes,
  ShareDrafts,
  STATE_BADGE,
  stateText,
} from "./components/learner-billing";
export { PAYER_KIND_OPTIONS, PayerDialog } from "./components/payer-dialog";
export { payerOption } from "./components/payer-select";
export { DraftQuoteActions, QuoteEditor, QuoteView } from "./components/quote-forms";
export {
  fundingHref,
  INVOICES_HREF,
  invoiceHref,
  invoicePdfHref,
  NEW_QUOTE,
  QUOTES_HREF,
  quoteHref,
} from "./console-paths";
export * from "./funding-plan";
export * from "./funding-plan-schema";
export * from "./invoice-document";
export * from "./invoice-schema";
export { stateLabel } from "./invoice-state";
export * from "./invoice-totals";
export * from "./number-format";
export type * from "./parties";
export { payerFiltersFrom } from "./payer-schema";
export { quoteFiltersFrom } from "./quote-schema";
export * from "./vocabulary";
