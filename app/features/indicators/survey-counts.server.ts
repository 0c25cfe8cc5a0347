/**
 * The survey answers' counts per formation, year and wave, from the surveys feature. Until that
 * feature is part of the application, no answer exists: every survey count is zero.
 */
import type { Db } from "~/platform/db/client.server";

export interface SurveyCount {
  formationId: string;
  year: number;
  wave: "a_chaud" | "a_froid";
  asked: number;
  answered: number;
  satisfied: number;
  overallAnswered: number;
  employed: number;
  situationAnswered: number;
}

export async function surveyCounts(_db: Db, _formationId: string | undefined): Promise<SurveyCount[]> {
  return [];
}
