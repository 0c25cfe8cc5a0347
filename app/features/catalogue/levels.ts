/**
 * A course's level, on the French national qualification framework (cadre national des
 * certifications professionnelles): the level required to enter it and the level it leads to. The
 * catalogue's 'Niveau' filter offers exactly these. Kept out of vocabulary.ts, which every
 * public page loads: the catalogue's filter and the console import these; the cards and the course
 * page receive their level's label from the server.
 */
export const FORMATION_LEVELS = [
  "sans-niveau",
  "niveau-3",
  "niveau-4",
  "niveau-5",
  "niveau-6",
  "niveau-7",
] as const;
export type FormationLevel = (typeof FORMATION_LEVELS)[number];

/** The levels as visitors and staff read them. */
export const FORMATION_LEVEL_LABELS: Record<FormationLevel, string> = {
  "sans-niveau": "Sans niveau spécifique",
  "niveau-3": "Niveau 3 (CAP, BEP)",
  "niveau-4": "Niveau 4 (Bac)",
  "niveau-5": "Niveau 5 (Bac+2)",
  "niveau-6": "Niveau 6 (Bac+3/4)",
  "niveau-7": "Niveau 7 (Bac+5)",
};

export const levelLabel = (level: FormationLevel | null | undefined): string | null =>
  level ? FORMATION_LEVEL_LABELS[level] : null;

/** A course's two levels in words: the one required to enter, the one it leads to. */
export interface LevelLabels {
  required: string | null;
  reached: string | null;
}

export const levelLabels = (f: {
  entryLevel: FormationLevel | null;
  exitLevel: FormationLevel | null;
}): LevelLabels => ({
  required: levelLabel(f.entryLevel),
  reached: levelLabel(f.exitLevel),
});
