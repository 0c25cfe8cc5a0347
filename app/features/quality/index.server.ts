// The quality feature's server-only face for other features and app/boot: they import from here,
// never from its files (docs/architecture.md). Routes may import any of its files directly.
export {
  type PackContext,
  type PackContribution,
  type PackFile,
  registerPackContribution,
} from "./pack-contributions.server";
export { packFolder, QualityPackWorker, sweepOrphanPacks } from "./pack-jobs.server";
