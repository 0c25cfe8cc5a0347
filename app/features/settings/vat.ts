/**
 * The centre's VAT situation (Paramètres): liable to VAT, or exempt as a vocational-training body
 * (CGI, art. 261-4-4° a, on an attestation from the DREETS). Plain constants without imports: the
 * database schema builds its enum from them. The documents print prices excluding and including VAT,
 * or the exemption's mention.
 */
export const VAT_STATUSES = ["exempt", "liable"] as const;
export type VatStatus = (typeof VAT_STATUSES)[number];

export const VAT_STATUS_LABELS: Record<VatStatus, string> = {
  exempt: "Exonéré de TVA (article 261-4-4° a du CGI)",
  liable: "Assujetti à la TVA (taux normal de 20 %)",
};

/** The normal rate, the one vocational training bears when the centre is liable. */
export const VAT_RATE = 0.2;

/** The mention an exempt centre prints beside its prices. */
export const VAT_EXEMPTION_MENTION = "TVA non applicable, article 261-4-4° a du CGI";
