// The bpf feature's server-only face for the routes and other features: they import from
// here, never from its files (docs/architecture.md).
export { type BpfReport, bpfCsv, bpfYear, defaultYear, learnersOfLine, lineLabel } from "./bpf.server";
export { bpfPage } from "./console-bpf.server";
