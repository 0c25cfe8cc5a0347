/**
 * How long a learner's identity is kept after the session's last day, set in Paramètres. No server
 * import: the privacy policy and the console's form read it.
 *
 * Five years by default, because three needs overlap and the longest decides:
 * - a Qualiopi certificate runs three years, with a surveillance audit in between, and the renewal
 *   audit asks for the evidence of the whole cycle (attendance sheets, attestations, satisfaction);
 * - the State's administrative and financial control of training centres (Code du travail,
 *   L. 6361-1 and following) and the funders' own checks (OPCO, Caisse des dépôts for the CPF,
 *   France Travail, regions) ask, after payment, for the documents proving that each learner
 *   attended: a session paid at the end of a long course is checked a year or more after it;
 * - the accounting documents those payments rest on are kept on their own schedule; what stays of
 *   the learner after anonymisation (status, certification outcome) keeps the published results.
 * Sixty months from the last day covers a full Qualiopi cycle started after the session plus the
 * delay of a funder's control, with margin. A centre may keep them longer (up to 20 years) or, on its
 * own judgement, shorter, but never under a year.
 *
 * Refused or withdrawn applications are another matter: a candidate who did not become a learner is
 * kept far shorter (APPLICATION_RETENTION_MONTHS, 24 by default: the CNIL's reference for
 * recruitment files is two years after the last contact).
 */
export const LEARNER_RETENTION = { defaultMonths: 60, minMonths: 12, maxMonths: 240 } as const;

/** "5 ans", "30 mois", "1 an": how the privacy policy and the console state a period. */
export function retentionLabel(months: number): string {
  if (months % 12 === 0) {
    const years = months / 12;
    return years === 1 ? "1 an" : `${years} ans`;
  }
  return `${months} mois`;
}
