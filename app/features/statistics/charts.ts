import {
  APPLICATION_STATUS_LABELS,
  APPLICATION_STATUSES,
  type ApplicationStatusValue,
} from "~/features/applications";
import { sourceLabel } from "~/features/leads";
import {
  bucketLabel,
  delayText,
  frenchNumber,
  mailKindLabel,
  percent,
  type StatChart,
  shortDay,
} from "./statistics";

// The Statistiques screen's charts, each built from the counts PostgreSQL grouped (readings.server.ts):
// its table ('Voir les données', the CSV) and its bars. Pure functions of those counts.

export interface Outline {
  startDay: string;
  endDay: string;
  buckets: string[];
}

export interface FunnelRow {
  day: string;
  received: number;
  contacted: number;
  converted: number;
  still_new: number;
  handled: number;
  median_hours: number | null;
  callbacks: number;
  waiting: number;
}

/** A bucket without any request. */
export const NO_FUNNEL: FunnelRow = {
  day: "",
  received: 0,
  contacted: 0,
  converted: 0,
  still_new: 0,
  handled: 0,
  median_hours: null,
  callbacks: 0,
  waiting: 0,
};

export const num = (n: number) => frenchNumber(n);
/** '1 demande reçue', '0 demande reçue', '12 demandes reçues': French is singular below 2. */
export const counted = (n: number, one: string, many: string) => `${num(n)} ${n < 2 ? one : many}`;

export function requestsBySource(
  o: Outline,
  unit: "week" | "month",
  counts: { day: string; source: string; n: number }[],
): StatChart {
  const totals = new Map<string, number>();
  for (const c of counts) totals.set(c.source, (totals.get(c.source) ?? 0) + c.n);
  const sources = [...totals.keys()].sort(
    (a, b) => (totals.get(b) ?? 0) - (totals.get(a) ?? 0) || a.localeCompare(b),
  );
  const at = new Map(counts.map((c) => [`${c.day}|${c.source}`, c.n]));
  const bars = o.buckets.map((day) => ({
    label: bucketLabel(unit, day),
    values: sources.map((s) => at.get(`${day}|${s}`) ?? 0),
  }));
  const total = counts.reduce((sum, c) => sum + c.n, 0);
  const busiest = bars.reduce<(typeof bars)[number] | null>((best, bar) => {
    const n = bar.values.reduce((a, b) => a + b, 0);
    return n > 0 && (!best || n > best.values.reduce((a, b) => a + b, 0)) ? bar : best;
  }, null);
  const per = unit === "week" ? "semaine" : "mois";
  return {
    id: "demandes-par-source",
    title: `Demandes par ${per} et par source`,
    description:
      total === 0
        ? "Aucune demande sur la période."
        : `${num(total)} demande${total > 1 ? "s" : ""} sur la période, ${sources
            .map((s) => `${sourceLabel(s)} : ${num(totals.get(s) ?? 0)}`)
            .join(
              ", ",
            )}.${busiest ? ` La plus chargée : ${busiest.label.toLowerCase()} (${num(busiest.values.reduce((a, b) => a + b, 0))}).` : ""}`,
    columns: [unit === "week" ? "Semaine" : "Mois", ...sources.map(sourceLabel), "Total"],
    rows: bars.map((b) => [b.label, ...b.values.map(num), num(b.values.reduce((a, v) => a + v, 0))]),
    series: sources.map(sourceLabel),
    bars,
    stacked: true,
  };
}

export function requestsByFormation(counts: { formation: string; n: number }[]): StatChart {
  const total = counts.reduce((sum, c) => sum + c.n, 0);
  const label = (f: string) => f || "Non précisée";
  const top = counts[0];
  return {
    id: "demandes-par-formation",
    title: "Demandes par formation",
    description:
      total === 0 || !top
        ? "Aucune demande sur la période."
        : `${counts.length} formation${counts.length > 1 ? "s" : ""} ou sujet${counts.length > 1 ? "s" : ""} demandé${counts.length > 1 ? "s" : ""} ; en tête : ${label(top.formation)} (${num(top.n)}, ${percent(top.n, total)}).`,
    columns: ["Formation ou sujet", "Demandes", "Part"],
    rows: counts.map((c) => [label(c.formation), num(c.n), percent(c.n, total)]),
    series: ["Demandes"],
    bars: counts.map((c) => ({ label: label(c.formation), values: [c.n] })),
    stacked: false,
  };
}

export function funnel(all: FunnelRow): StatChart {
  const stages: [string, number][] = [
    ["Reçues", all.received],
    ["Contactées", all.contacted],
    ["Converties", all.converted],
  ];
  return {
    id: "entonnoir",
    title: "Entonnoir des statuts",
    description:
      all.received === 0
        ? "Aucune demande sur la période."
        : `Sur ${counted(all.received, "demande reçue", "demandes reçues")}, ${counted(all.contacted, "a été contactée", "ont été contactées")} (${percent(all.contacted, all.received)}) et ${counted(all.converted, "convertie", "converties")} : taux de conversion ${percent(all.converted, all.received)}. ${counted(all.still_new, "est encore", "sont encore")} « Nouvelle ».`,
    columns: ["Étape", "Demandes", "Part des demandes reçues"],
    rows: stages.map(([label, n]) => [label, num(n), percent(n, all.received)]),
    series: ["Demandes"],
    bars: stages.map(([label, n]) => ({ label, values: [n] })),
    stacked: false,
  };
}

export const hours = (h: number | null) => (h === null ? "—" : frenchNumber(h));

export function firstContactDelay(
  o: Outline,
  unit: "week" | "month",
  byBucket: FunnelRow[],
  all: FunnelRow,
): StatChart {
  const at = new Map(byBucket.map((r) => [r.day, r]));
  const lines = o.buckets.map((day) => ({ day, row: at.get(day) ?? NO_FUNNEL }));
  return {
    id: "delai-premier-contact",
    title: "Délai médian avant le premier contact",
    description:
      all.median_hours === null
        ? "Aucune demande de la période n'a encore quitté le statut « Nouvelle »."
        : `Délai médian entre la réception d'une demande et son premier changement de statut : ${delayText(all.median_hours)}, sur ${num(all.handled)} demande${all.handled > 1 ? "s" : ""} traitée${all.handled > 1 ? "s" : ""}.`,
    columns: [unit === "week" ? "Semaine" : "Mois", "Demandes traitées", "Délai médian (heures)"],
    rows: lines.map(({ day, row }) => [bucketLabel(unit, day), num(row.handled), hours(row.median_hours)]),
    series: ["Délai médian"],
    bars: lines.map(({ day, row }) => ({
      label: bucketLabel(unit, day),
      values: [row.median_hours ?? 0],
      text: row.median_hours === null ? "—" : delayText(row.median_hours),
    })),
    stacked: false,
  };
}

export function callbacks(
  o: Outline,
  unit: "week" | "month",
  byBucket: FunnelRow[],
  all: FunnelRow,
): StatChart {
  const at = new Map(byBucket.map((r) => [r.day, r]));
  const lines = o.buckets.map((day) => ({ label: bucketLabel(unit, day), row: at.get(day) ?? NO_FUNNEL }));
  return {
    id: "rappels",
    title: "Rappels demandés et en attente depuis plus de 48 h",
    description:
      all.callbacks === 0
        ? "Aucun rappel demandé sur la période."
        : `${num(all.callbacks)} rappel${all.callbacks > 1 ? "s" : ""} demandé${all.callbacks > 1 ? "s" : ""}, dont ${num(all.waiting)} encore « Nouvelle » plus de 48 h après la demande.`,
    columns: [unit === "week" ? "Semaine" : "Mois", "Rappels demandés", "En attente depuis plus de 48 h"],
    rows: lines.map(({ label, row }) => [label, num(row.callbacks), num(row.waiting)]),
    series: ["Rappels demandés", "En attente > 48 h"],
    bars: lines.map(({ label, row }) => ({ label, values: [row.callbacks, row.waiting] })),
    stacked: false,
  };
}

export interface ApplicationCount {
  session_id: string;
  title: string;
  start_day: string;
  status: ApplicationStatusValue;
  n: number;
}

export function applicationsChart(counts: ApplicationCount[]): StatChart {
  const statuses = APPLICATION_STATUSES.filter((s) => counts.some((c) => c.status === s));
  const sessions = [...new Map(counts.map((c) => [c.session_id, c])).values()];
  const at = new Map(counts.map((c) => [`${c.session_id}|${c.status}`, c.n]));
  const bars = sessions.map((s) => ({
    label: `${s.title} — ${shortDay(s.start_day)}`,
    values: statuses.map((status) => at.get(`${s.session_id}|${status}`) ?? 0),
  }));
  const total = counts.reduce((sum, c) => sum + c.n, 0);
  const labels = statuses.map((s) => APPLICATION_STATUS_LABELS[s]);
  return {
    id: "candidatures",
    title: "Candidatures par session et par statut",
    description:
      total === 0
        ? "Aucune candidature sur la période."
        : `${num(total)} candidature${total > 1 ? "s" : ""} reçue${total > 1 ? "s" : ""} sur ${sessions.length} session${sessions.length > 1 ? "s" : ""} : ${statuses
            .map(
              (s) =>
                `${APPLICATION_STATUS_LABELS[s]} ${num(counts.filter((c) => c.status === s).reduce((a, c) => a + c.n, 0))}`,
            )
            .join(", ")}.`,
    columns: ["Session", ...labels, "Total"],
    rows: bars.map((b) => [b.label, ...b.values.map(num), num(b.values.reduce((a, v) => a + v, 0))]),
    series: labels,
    bars,
    stacked: true,
  };
}

export interface MailCount {
  kind: string;
  sent: number;
  failing: number;
  waiting: number;
}

export interface OldestWaitingMail {
  /** ISO time of the oldest undelivered e-mail (any period). */
  since: string;
  hours: number;
}

export function mailChart(counts: MailCount[], oldest: OldestWaitingMail | null): StatChart {
  const sum = (key: "sent" | "failing" | "waiting") => counts.reduce((a, c) => a + c[key], 0);
  const oldestText = oldest
    ? ` Le plus ancien e-mail non remis attend depuis ${delayText(oldest.hours)}.`
    : " Aucun e-mail en attente.";
  return {
    id: "e-mails",
    title: "Remise des e-mails",
    description:
      counts.length === 0
        ? `Aucun e-mail sur la période.${oldestText}`
        : `${num(sum("sent"))} envoyés, ${num(sum("failing"))} en échec (nouvel essai automatique), ${num(sum("waiting"))} en attente.${oldestText}`,
    columns: ["Type d'e-mail", "Envoyés", "En échec", "En attente"],
    rows: counts.map((c) => [mailKindLabel(c.kind), num(c.sent), num(c.failing), num(c.waiting)]),
    series: ["Envoyés", "En échec", "En attente"],
    bars: counts.map((c) => ({ label: mailKindLabel(c.kind), values: [c.sent, c.failing, c.waiting] })),
    stacked: true,
  };
}

export interface ComplaintCount {
  day: string;
  received: number;
  handled: number;
}

/** Complaints received per week or month, beside those that reached 'Traitée' or 'Close' in it. */
export function complaintsChart(o: Outline, unit: "week" | "month", counts: ComplaintCount[]): StatChart {
  const at = new Map(counts.map((c) => [c.day, c]));
  const lines = o.buckets.map((day) => ({ label: bucketLabel(unit, day), row: at.get(day) }));
  const received = counts.reduce((a, c) => a + c.received, 0);
  const handled = counts.reduce((a, c) => a + c.handled, 0);
  return {
    id: "reclamations",
    title: `Réclamations par ${unit === "week" ? "semaine" : "mois"}`,
    description:
      received === 0 && handled === 0
        ? "Aucune réclamation reçue ni traitée sur la période."
        : `${num(received)} réclamation${received > 1 ? "s" : ""} reçue${received > 1 ? "s" : ""} et ${num(handled)} traitée${handled > 1 ? "s" : ""} sur la période.`,
    columns: [unit === "week" ? "Semaine" : "Mois", "Reçues", "Traitées"],
    rows: lines.map(({ label, row }) => [label, num(row?.received ?? 0), num(row?.handled ?? 0)]),
    series: ["Reçues", "Traitées"],
    bars: lines.map(({ label, row }) => ({ label, values: [row?.received ?? 0, row?.handled ?? 0] })),
    stacked: false,
  };
}
