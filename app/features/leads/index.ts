// The leads feature's browser-safe face for the routes and other features: they import from here, never from
// its files (docs/architecture.md).

export { CallbackButton } from "./components/callback-button";
export { ContactDetails } from "./components/contact-details";
export { Honeypot } from "./components/honeypot";
export { PERSON_FIELDS } from "./components/person-fields";
export { StatusBadge } from "./components/status-badge";
export { StatusCounters } from "./components/status-counters";
export { contactFiltersFrom } from "./console-schema";
export * from "./contact-schema";
export * from "./content";
export * from "./sources";
export * from "./statuses";
