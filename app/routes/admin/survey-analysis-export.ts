import { exportAnalysis } from "~/features/surveys/analysis.server";
import { surveyCsvDownload } from "~/features/surveys/csv-download.server";

/** The analysis per question of a questionnaire's answers as CSV for French Excel, audited; administrators only. */
export const loader = surveyCsvDownload(exportAnalysis, "analyse-enquete");
