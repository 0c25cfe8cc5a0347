/**
 * The Statistiques screen's vocabulary, shared by the server (which computes every figure in SQL)
 * and the page (which draws them): the periods, the charts, and how their labels are written.
 * Plain constants and functions, no imports: the console page loads nothing else for them.
 */

/** The period picker's choices, in the URL as ?periode=… */
export const PERIODS = ["30-jours", "12-semaines", "12-mois"] as const;
export type Period = (typeof PERIODS)[number];
export const PERIOD_LABELS: Record<Period, string> = {
  "30-jours": "30 jours",
  "12-semaines": "12 semaines",
  "12-mois": "12 mois",
};
export const DEFAULT_PERIOD: Period = "30-jours";

/** The period the URL asks for; anything else is the default (a bad link still shows figures). */
export function periodFrom(params: URLSearchParams): Period {
  const value = params.get("periode");
  return PERIODS.includes(value as Period) ? (value as Period) : DEFAULT_PERIOD;
}

/** Requests are counted per week, except over 12 months: per month. */
export const bucketUnit = (period: Period): "week" | "month" => (period === "12-mois" ? "month" : "week");

/** Every chart of the screen, by the name its CSV is downloaded under (/admin/statistiques/<id>.csv). */
export const CHART_IDS = [
  "demandes-par-source",
  "demandes-par-formation",
  "entonnoir",
  "delai-premier-contact",
  "rappels",
  "candidatures",
  "e-mails",
  "reclamations",
] as const;
export type ChartId = (typeof CHART_IDS)[number];

export const isChartId = (value: string): value is ChartId => CHART_IDS.includes(value as ChartId);

/**
 * One chart: the table of its numbers (what 'Voir les données' shows and the CSV holds, cell for
 * cell) and the bars drawn from them. `stacked` bars add up to the row's total; otherwise each
 * series is its own bar (a subset, a rate).
 */
export interface StatChart {
  id: ChartId;
  title: string;
  /** What the chart shows, in words: read by screen readers and printed under the title. */
  description: string;
  columns: string[];
  rows: string[][];
  series: string[];
  /** `text` is said beside the bar when its values alone would mislead (no delay measured: a dash). */
  bars: { label: string; values: number[]; text?: string }[];
  stacked: boolean;
}

/** The e-mails of the outbox, by kind. */
export const MAIL_KIND_LABELS: Record<string, string> = {
  contact_notification: "Nouvelle demande (équipe)",
  contact_confirmation: "Accusé de réception (visiteur)",
  application_acknowledgement: "Accusé de réception (candidat·e)",
  application_notification: "Nouvelle candidature (équipe)",
  application_accommodation: "Demande d'aménagement (référent·e)",
  application_status: "Suite de candidature (candidat·e)",
  complaint_acknowledgement: "Accusé de réception (réclamation)",
  complaint_notification: "Nouvelle réclamation (équipe)",
  complaint_reply: "Réponse à une réclamation",
  survey_invitation: "Questionnaire de satisfaction",
  survey_reminder: "Rappel de questionnaire",
  positioning_invitation: "Questionnaire de positionnement (stagiaire)",
  verify_email: "Confirmation d'adresse",
  reset_password: "Mot de passe oublié",
  account_exists: "Compte existant",
  application_seat_offer: "Proposition de place (candidat·e)",
  attendance_link: "Lien d'émargement (stagiaire)",
  learner_convocation: "Convocation (stagiaire)",
  learner_convention: "Convention de formation (stagiaire)",
  learner_contrat: "Contrat de formation (stagiaire)",
  learner_attestation: "Attestation de fin de formation (stagiaire)",
  learner_certificate: "Certificat de réalisation (stagiaire)",
  payer_convention: "Convention de formation (financeur)",
  payer_certificate: "Certificat de réalisation (financeur)",
  trainer_document_expiry: "Document de formateur à renouveler (équipe)",
};
/** A kind without a label yet is still said in French, never as its internal key. */
export const mailKindLabel = (kind: string) => MAIL_KIND_LABELS[kind] ?? "Autre e-mail";

const MONTH = new Intl.DateTimeFormat("fr-FR", { timeZone: "UTC", month: "long", year: "numeric" });
const DAY = new Intl.DateTimeFormat("fr-FR", {
  timeZone: "UTC",
  day: "numeric",
  month: "short",
  year: "numeric",
});

/** A calendar day ('2026-11-02', a Paris day from the database) as a Date at noon UTC. */
const calendarDay = (day: string) => new Date(`${day}T12:00:00Z`);

/** '2 nov. 2026', with '1er' on the first of the month. */
export function shortDay(day: string): string {
  return DAY.formatToParts(calendarDay(day))
    .map((part) => (part.type === "day" && part.value === "1" ? "1er" : part.value))
    .join("");
}

/** A bucket's label: 'Semaine du 2 nov. 2026', or 'novembre 2026'. */
export function bucketLabel(unit: "week" | "month", day: string): string {
  return unit === "week" ? `Semaine du ${shortDay(day)}` : MONTH.format(calendarDay(day));
}

/** 1234.5 → '1 234,5' (one decimal at most), as French Excel reads it. */
export function frenchNumber(value: number): string {
  return new Intl.NumberFormat("fr-FR", { maximumFractionDigits: 1 })
    .format(value)
    .replace(/\u202f|\u00a0/g, " ");
}

/** A share of a total: '42,5 %'; '—' when the total is zero. */
export function percent(part: number, total: number): string {
  return total > 0 ? `${frenchNumber((100 * part) / total)}\u202f%` : "—";
}

/** A delay in hours as staff read it: '45 min', '5 h 30', '2 j 4 h'. */
export function delayText(hours: number): string {
  const minutes = Math.round(hours * 60);
  if (minutes < 60) return `${minutes} min`;
  if (minutes < 48 * 60) {
    const h = Math.floor(minutes / 60);
    const m = minutes % 60;
    return m ? `${h} h ${String(m).padStart(2, "0")}` : `${h} h`;
  }
  const days = Math.floor(minutes / (24 * 60));
  const h = Math.round((minutes - days * 24 * 60) / 60);
  return h ? `${days} j ${h} h` : `${days} j`;
}
