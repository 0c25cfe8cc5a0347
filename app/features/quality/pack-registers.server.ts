/**
 * The evidence pack's registers: the survey answers and their analysis (30), the complaints register
 * (31), the absence alerts' follow-up (12), the watch (23 to 25), the disability partners (26) and the
 * improvement actions (32), each as the files an auditor reads in its indicator's folder.
 */

import { sql } from "drizzle-orm";
import { absenceFollowUpCsv } from "~/features/attendance/index.server";
import { complaintsRegisterCsv, complaintsRegisterPdf } from "~/features/complaints/index.server";
import { surveyPeriodFiles } from "~/features/surveys/index.server";
import { rows } from "~/platform/db/rows.server";
import { complaintImprovementLines } from "./complaint-improvements.server";
import type { PackContext, PackContribution } from "./pack-types.server";
import { improvementsCsv } from "./registers.server";
import { WATCH_KIND_INDICATORS, WATCH_KIND_LABELS, WATCH_KINDS } from "./vocabulary";
import { partnersCsv, watchCsv } from "./watch-partners.server";

/** Indicator 30: the survey answers of the period and their analysis, per questionnaire. */
const surveyAnswers: PackContribution = {
  indicator: 30,
  title: "Réponses aux enquêtes reçues dans la période et leur analyse, par questionnaire (CSV)",
  async count({ db, period }) {
    const [row] = await rows<{ n: number }>(
      db,
      sql`select count(distinct questionnaire_id)::int as n from survey_invitations
           where (answered_at at time zone 'Europe/Paris')::date between ${period.from}::date and ${period.to}::date`,
    );
    return 2 * Number(row?.n ?? 0);
  },
  async *files({ db, period }) {
    for await (const file of surveyPeriodFiles(db, period)) yield { path: file.name, data: file.content };
  },
};

/** Indicator 31: the complaints register of the period, as data (CSV) and to read (PDF/A). */
const complaintsRegister: PackContribution = {
  indicator: 31,
  title: "Registre des réclamations reçues dans la période (CSV et PDF)",
  count: async () => 2,
  async *files({ db, period, centre }) {
    yield { path: "registre-des-reclamations.csv", data: (await complaintsRegisterCsv(db, period)).csv };
    const improvements = (ids: string[]) => complaintImprovementLines(db, ids);
    const { pdf } = await complaintsRegisterPdf(db, { period, centreName: centre.name, improvements });
    yield { path: "registre-des-reclamations.pdf", data: pdf };
  },
};

/** A register the board keeps, as one CSV in its indicator's folder. */
const registerCsv = (
  indicator: number,
  title: string,
  fileName: string,
  csv: (context: PackContext) => Promise<string>,
): PackContribution => ({
  indicator,
  title,
  count: async () => 1,
  async *files(context) {
    yield { path: fileName, data: await csv(context) };
  },
});

/**
 * Indicator 12's absence alerts of the period and their follow-ups; indicators 23 to 25, 26 and 32: the
 * watch registers, the disability partners, the improvement register.
 */
const boardRegisters: PackContribution[] = [
  registerCsv(
    12,
    "Alertes d'absences de la période et leur suivi (CSV)",
    "suivi-des-absences.csv",
    ({ db, period }) => absenceFollowUpCsv(db, period),
  ),
  ...WATCH_KINDS.map((kind) =>
    registerCsv(
      WATCH_KIND_INDICATORS[kind],
      `Registre de veille « ${WATCH_KIND_LABELS[kind].toLowerCase()} », entrées de la période (CSV)`,
      "registre-de-veille.csv",
      ({ db, period }) => watchCsv(db, kind, period),
    ),
  ),
  registerCsv(26, "Annuaire des partenaires handicap (CSV)", "partenaires-handicap.csv", ({ db }) =>
    partnersCsv(db),
  ),
  registerCsv(32, "Registre des actions d'amélioration (CSV)", "registre-des-ameliorations.csv", ({ db }) =>
    improvementsCsv(db),
  ),
];

/** Every register's contribution, in the list's order. */
export const registerContributions: readonly PackContribution[] = [
  surveyAnswers,
  complaintsRegister,
  ...boardRegisters,
];
