import { exportAnswers } from "~/features/surveys/console-reading.server";
import { surveyCsvDownload } from "~/features/surveys/csv-download.server";

/** One questionnaire's answers as CSV for French Excel, audited; administrators only. */
export const loader = surveyCsvDownload(exportAnswers, "reponses-enquete");
