import { SURVEY_AUDIENCES, type SurveyAudience } from "./vocabulary";

/** How many of an audience were asked, and how many of them answered. */
export interface ResponseCount {
  invited: number;
  answered: number;
}

export type AudienceCounts = Record<SurveyAudience, ResponseCount>;

/** Nobody asked yet, in every audience. */
export function noCounts(): AudienceCounts {
  return Object.fromEntries(SURVEY_AUDIENCES.map((a) => [a, { invited: 0, answered: 0 }])) as AudienceCounts;
}

/** The response rate as staff read it: '75 %' (a whole number), '—' when nobody was asked. */
export function rateText({ invited, answered }: ResponseCount): string {
  return invited > 0 ? `${Math.round((100 * answered) / invited)}\u202f%` : "—";
}

/** '3 sur 4 (75 %)', or '—' when nobody of the audience was asked. */
export function countText(count: ResponseCount): string {
  return count.invited > 0 ? `${count.answered} sur ${count.invited} (${rateText(count)})` : "—";
}

/** A mean as French readers write it: '4,3' (one decimal). */
export const averageText = (average: number) =>
  new Intl.NumberFormat("fr-FR", { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(average);
