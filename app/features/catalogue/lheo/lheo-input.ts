// What a Lhéo document reads of the catalogue's records: the formations, their upcoming sessions, the
// centre. lheo.server.ts loads them; lheo-document.ts writes them.

import type { FormationLevel } from "../levels";
import type { FormationPricing } from "../pricing";
import type { SessionModeValue } from "../sessions";
import type { LheoReadinessCentre } from "./lheo-readiness";

/** What the document reads of a formation. */
export interface LheoFormation {
  id: string;
  slug: string;
  title: string;
  description: string;
  longDescription: string | null;
  objectives: readonly string[];
  certification: string | null;
  program: readonly { title: string; duration: string; content: string }[];
  certifying: boolean;
  rncpCode: string | null;
  certifier: string | null;
  contactName: string | null;
  contactPhone: string | null;
  contactEmail: string | null;
  entryLevel: FormationLevel | null;
  exitLevel: FormationLevel | null;
  formationType: string;
  prerequisites: string | null;
  financingEligible: boolean;
  accessArrangements: string | null;
  teachingMethods: string | null;
  accessibility: string | null;
  duration: string;
  pricing: FormationPricing | null;
  price: number;
  priceDetails: string | null;
  formacodes: readonly string[];
  nsfCodes: readonly string[];
  romeCodes: readonly string[];
  targetPublics: readonly string[];
  funders: readonly string[];
  pathType: string | null;
  entryMode: string | null;
  generalObjective: string | null;
  createdAt: Date;
  updatedAt: Date;
}

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
}
