// The accounts feature's browser-safe face for the routes and other features: they import from here, never
// from its files (docs/architecture.md).

export { EMAIL_FIELD, PASSWORD_FIELD } from "./components/account-fields";
export * from "./components/denied-control";
export * from "./components/use-can";
export * from "./permissions";
export { PASSWORD_MIN } from "./rules";
