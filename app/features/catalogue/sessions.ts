/**
 * Training sessions as visitors and staff see them: mode labels, the status that follows from the
 * seats, the deadline and the 'Clôturer' switch, and French date ranges. Pure, shared by the
 * server, the course page and the console.
 */
import { MONTH_NAMES, parisToday } from "~/platform/dates";

export const SESSION_MODES = [
  { value: "presentiel", label: "Présentiel", schema: "Onsite" },
  { value: "distance", label: "À distance", schema: "Online" },
  { value: "hybride", label: "Hybride", schema: "Blended" },
] as const;

export type SessionModeValue = (typeof SESSION_MODES)[number]["value"];

export function sessionModeLabel(mode: SessionModeValue): string {
  return SESSION_MODES.find((m) => m.value === mode)?.label ?? mode;
}

/** schema.org's courseMode for a session mode. */
export function sessionModeSchema(mode: SessionModeValue): string {
  return SESSION_MODES.find((m) => m.value === mode)?.schema ?? "Onsite";
}

export type SessionStatus = "open" | "last_seats" | "full" | "closed";

export const SESSION_STATUS_LABELS: Record<SessionStatus, string> = {
  open: "Ouverte",
  last_seats: "Dernières places",
  full: "Complète – liste d'attente",
  closed: "Clôturée",
};

/** 'Dernières places' from this many seats left down to one. */
export const LAST_SEATS = 3;

export interface SessionSeats {
  seats: number;
  /** Admitted candidates: each one holds a seat. */
  taken: number;
  closed: boolean;
  startDate: string;
  applicationDeadline: string | null;
}

export function seatsLeft(session: Pick<SessionSeats, "seats" | "taken">): number {
  return Math.max(0, session.seats - session.taken);
}

/**
 * Closed by hand, or past its deadline (the start date when none), is 'Clôturée'; otherwise the
 * seats left decide. A full session still takes applications, onto its waiting list.
 */
export function sessionStatus(session: SessionSeats, today: string = parisToday()): SessionStatus {
  const deadline = session.applicationDeadline ?? session.startDate;
  if (session.closed || deadline < today) return "closed";
  const left = seatsLeft(session);
  if (left === 0) return "full";
  return left <= LAST_SEATS ? "last_seats" : "open";
}

/** Whether a candidate can still apply (the waiting list included). */
export function acceptsApplications(status: SessionStatus): boolean {
  return status !== "closed";
}

function parts(iso: string): { year: number; month: number; day: number } {
  const [year = 0, month = 1, day = 1] = iso.split("-").map(Number);
  return { year, month, day };
}

/** "4 janvier 2027" from "2027-01-04" (a calendar date: no time zone shift). */
export function formatDay(iso: string): string {
  const { year, month, day } = parts(iso);
  return `${day === 1 ? "1er" : day} ${MONTH_NAMES[month - 1]} ${year}`;
}

/** "du 4 janvier au 12 mars 2027", "du 4 janvier 2027 au 3 janvier 2028", "le 4 janvier 2027". */
export function formatDateRange(start: string, end: string): string {
  if (start === end) return `le ${formatDay(start)}`;
  const a = parts(start);
  const b = parts(end);
  if (a.year === b.year) {
    const first =
      a.month === b.month ? `${a.day === 1 ? "1er" : a.day}` : formatDay(start).replace(/ \d+$/, "");
    return `du ${first} au ${formatDay(end)}`;
  }
  return `du ${formatDay(start)} au ${formatDay(end)}`;
}

/** "4 janvier 2027" → "2027-01-04" (the seed's free-text dates); null when it is not a date. */
export function parseFrenchDate(text: string): string | null {
  const match = /^\s*(\d{1,2})(?:er)?\s+([a-zéû]+)\s+(\d{4})\s*$/i.exec(text);
  if (!match) return null;
  const month = (MONTH_NAMES as readonly string[]).indexOf((match[2] ?? "").toLowerCase()) + 1;
  const day = Number(match[1]);
  if (month === 0 || day < 1 || day > 31) return null;
  return `${match[3]}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** Adds months to a calendar date, minus one day: a session of N months ends the day before. */
export function addMonthsEnd(iso: string, months: number): string {
  const { year, month, day } = parts(iso);
  return new Date(Date.UTC(year, month - 1 + months, day - 1)).toISOString().slice(0, 10);
}

/** What the public site shows of one session. */
export interface PublicSession {
  id: string;
  startDate: string;
  endDate: string;
  mode: SessionModeValue;
  place: string;
  rhythm: string | null;
  seats: number;
  seatsLeft: number;
  status: SessionStatus;
}

/** "3 places restantes", "1 place restante", or the status when it says more. */
export function seatsText(session: Pick<PublicSession, "status" | "seatsLeft">): string {
  if (session.status === "closed" || session.status === "full") return SESSION_STATUS_LABELS[session.status];
  return session.seatsLeft === 1 ? "1 place restante" : `${session.seatsLeft} places restantes`;
}
