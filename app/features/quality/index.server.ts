// The quality feature's server-only face for the routes, other features and app/boot: they import from here,
// never from its files (docs/architecture.md).

export { qualityBoardAction } from "./answers.server";
export {
  DEFAULT_QUALITY_SETTINGS,
  getQualitySettings,
  type QualityBoard,
  qualityBoard,
} from "./board.server";
export { complaintImprovementLines } from "./complaint-improvements.server";
export { packAction } from "./console-pack.server";
export {
  type PackContext,
  type PackContribution,
  type PackFile,
  registerPackContribution,
} from "./pack-contributions.server";
export { listPacks, packDownload, packFolder, QualityPackWorker, sweepOrphanPacks } from "./pack-jobs.server";
export {
  complaintImprovements,
  formationsUnderThreshold,
  type ImprovementRow,
  improvementAction,
  improvementRegister,
  improvementsCsv,
  loadRegister,
  staffOptions,
} from "./registers.server";
export type { DisabilityPartner, WatchEntry } from "./schema.server";
export { partnerAction, partnerRegister, watchAction, watchRegister } from "./watch-partners.server";
