// What a Lhéo document reads of the catalogue's records: the formations, their upcoming sessions, the
// centre. lheo.server.ts loads them; lheo-document.ts writes them.

import type { FieldsWith, FormationRow } from "../formation-entity";
import type { SessionModeValue } from "../sessions";
import type { LheoReadinessCentre } from "./lheo-readiness";

/**
 * What the document reads of a formation: a part of its row (the fields formation-entity.ts gives a
 * Lhéo element included), its Lhéo funders' codes as `funders`.
 */
export type LheoFormation = Pick<
  FormationRow,
  | "id"
  | "slug"
  | "title"
  | "description"
  | "longDescription"
  | "objectives"
  | "certification"
  | "program"
  | "certifying"
  | "rncpCode"
  | "certifier"
  | "contactName"
  | "contactPhone"
  | "contactEmail"
  | "entryLevel"
  | "exitLevel"
  | "formationType"
  | "prerequisites"
  | "financingEligible"
  | "pricing"
  | "price"
  | "formacodes"
  | "nsfCodes"
  | "romeCodes"
  | "targetPublics"
  | "pathType"
  | "entryMode"
  | "generalObjective"
  | "createdAt"
  | "updatedAt"
  | FieldsWith<"lheo">
> & { funders: readonly string[] };

/** What the document reads of an upcoming session (seats taken: admitted, or held for someone). */
export interface LheoSession {
  id: string;
  startDate: string;
  endDate: string;
  mode: SessionModeValue;
  place: string;
  rhythm: string | null;
  seats: number;
  taken: number;
  closed: boolean;
  applicationDeadline: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** The responsible organisation, from Paramètres. */
export interface LheoCentre extends LheoReadinessCentre {
  phone: string;
  email: string;
  referentName: string;
  referentPhone: string;
  referentEmail: string;
}

export interface LheoOffer {
  formation: LheoFormation;
  sessions: readonly LheoSession[];
  /** Its published results as its course page states them (none: the formation has none yet). */
  results?: readonly string[];
}
