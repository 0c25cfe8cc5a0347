// The articles feature's server-only face for other features and the boot (docs/architecture.md).
export { articlePublishing } from "./publishing.server";
