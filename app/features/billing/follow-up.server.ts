// What becomes of an issued invoice, for other features and the routes: payments, states, reminders,
// the encours, the sales journal and the BPF's section C. A small barrel of its own beside billing's
// index.server.ts (which is another file's to write), for it to re-export.
export * from "./bpf-products";
export * from "./bpf-products.server";
export * from "./invoice-state";
export * from "./invoice-state.server";
export * from "./outstanding.server";
export * from "./payment-audit.server";
export * from "./payment-schema";
export * from "./payments.server";
export * from "./period-schema";
export * from "./reminder-mail.server";
export * from "./reminders.server";
export * from "./sales-journal.server";
