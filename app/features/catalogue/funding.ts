/** The job centre is named 'France Travail (ex-Pôle Emploi)' wherever it shows. */
export function fundingLabel(funding: string): string {
  return /^(france travail|p[oô]le emploi)$/i.test(funding.trim())
    ? "France Travail (ex-Pôle Emploi)"
    : funding;
}
