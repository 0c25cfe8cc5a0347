// The articles feature's server-only face for other features and the boot (docs/architecture.md).
export { articleVersions } from "./article-versions.server";
