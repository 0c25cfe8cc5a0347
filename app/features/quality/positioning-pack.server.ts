import { positioningCsv } from "~/features/positioning/index.server";
import type { Db } from "~/platform/db/client.server";

const FILE = "positionnements-des-stagiaires.csv";

/**
 * Indicators 4 and 8: each learner of the period's sessions with their positioning questionnaire's
 * answers (needs, level, prior knowledge, prerequisites) and the adaptation decided, one CSV in each
 * folder. A learner's own words about an adaptation need stay on their file (features/positioning).
 */
// Typed by the list in pack-contributions.server.ts that spreads them (an import of its type would close a circle).
const files = async function* ({ db, sessions }: { db: Db; sessions: readonly { id: string }[] }) {
  yield {
    path: FILE,
    data: await positioningCsv(
      db,
      sessions.map((s) => s.id),
    ),
  };
};

export const positioningContributions = [
  {
    indicator: 4,
    title:
      "Besoins et objectifs des stagiaires des sessions de la période, tels qu'exprimés au positionnement (CSV)",
    count: async () => 1,
    files,
  },
  {
    indicator: 8,
    title:
      "Positionnement à l'entrée des stagiaires des sessions de la période et adaptations décidées (CSV)",
    count: async () => 1,
    files,
  },
];
