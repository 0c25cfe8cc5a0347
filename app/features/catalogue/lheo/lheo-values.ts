// The catalogue's values written in the Lhéo schema's codes and shapes: levels, teaching modes, days,
// addresses, coordinates, timestamps.

import type { FormationLevel } from "../levels";
import { type SessionModeValue, seatsLeft } from "../sessions";
import type { LheoSession } from "./lheo-input";
import { clip, filled, leaf, node } from "./lheo-xml";

/** code-niveau-entree / code-niveau-sortie: the national framework's levels are codes 11 to 18. */
const LEVEL_CODES: Record<FormationLevel, string> = {
  "sans-niveau": "1",
  "niveau-3": "13",
  "niveau-4": "14",
  "niveau-5": "15",
  "niveau-6": "16",
  "niveau-7": "17",
};

export const levelCode = (level: FormationLevel) => LEVEL_CODES[level];

/** modalites-enseignement: 0 entirely on site, 1 mixed, 2 entirely at a distance. */
export const TEACHING_MODE: Record<SessionModeValue, string> = {
  presentiel: "0",
  hybride: "1",
  distance: "2",
};

/** YYYYMMDD from a calendar day. */
export const lheoDay = (iso: string) => iso.replaceAll("-", "");

/**
 * etat-recrutement: 1 open while seats are left; 2 closed once they are all taken or the deadline
 * (the start date when none) is past; 3 suspended while staff closed applications by hand
 * ('Clôturer', which they may undo).
 */
export function recruitmentState(s: LheoSession, today: string): "1" | "2" | "3" {
  if ((s.applicationDeadline ?? s.startDate) < today || seatsLeft(s) === 0) return "2";
  if (s.closed) return "3";
  return "1";
}

/** '12 rue de la République, 75011 Paris' → its street, postcode and city; null for 'En ligne'. */
export function parsePlace(place: string): { street: string; postalCode: string; city: string } | null {
  const match = /^(.*?)[\s,]+(\d{5})\s+(.+)$/.exec(place.trim());
  if (!match?.[1]?.trim() || !match[2] || !match[3]) return null;
  return { street: match[1].trim().replace(/,$/, ""), postalCode: match[2], city: match[3].trim() };
}

/** The street on up to 4 lines of 50 characters (ligne), split between words. */
function streetLines(street: string): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of clip(street, 200).split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (Array.from(next).length <= 50) line = next;
    else {
      if (line) lines.push(line);
      line = clip(word, 50);
    }
  }
  if (line) lines.push(line);
  return lines.slice(0, 4);
}

export function address(a: { street: string; postalCode: string; city: string }): string {
  return node("adresse", [
    ...streetLines(a.street).map((l) => leaf("ligne", l, 50)),
    leaf("codepostal", a.postalCode, 5),
    leaf("ville", a.city, 50),
  ]);
}

export function coordinates(c: {
  name?: string | null;
  phone?: string | null;
  email?: string | null;
  web?: string;
  address?: string;
}): string {
  return (
    node("coordonnees", [
      leaf("nom", c.name, 50),
      c.address ?? "",
      filled(c.phone) ? node("telfixe", [leaf("numtel", c.phone, 25)]) : "",
      filled(c.email) && Array.from(c.email.trim()).length >= 3 ? leaf("courriel", c.email, 160) : "",
      c.web ? node("web", [leaf("urlweb", c.web, 400)]) : "",
    ]) || "<coordonnees/>"
  );
}

export const timestamps = (r: { createdAt: Date; updatedAt: Date }) => ({
  "horodatage-creation": r.createdAt.toISOString(),
  "horodatage-modification": r.updatedAt.toISOString(),
});
