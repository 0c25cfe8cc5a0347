/**
 * Builds one evidence pack: the period's sessions, the applicable indicators' folders filled by the
 * contributions one file at a time, a LISEZ-MOI where nothing was generated, and the index PDF at the
 * root, written into `file` as the ZIP is made (never whole in memory: the index keeps file names only).
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, asc, eq, gte, inArray, lte } from "drizzle-orm";
import { formationSessions, formations } from "~/features/catalogue/schema.server";
import type { CentreSettings } from "~/features/settings";
import { getCentreSettings } from "~/features/settings/index.server";
import { formatDate } from "~/platform/dates";
import type { Db } from "~/platform/db/client.server";
import { writeZipFile, type ZipEntry } from "~/platform/zip.server";
import { getQualitySettings, qualityScopes } from "./board.server";
import {
  type PackContext,
  type PackPeriod,
  type PackSession,
  packContributions,
} from "./pack-contributions.server";
import { PACK_INDEX_NAME, PACK_README_NAME, packFolderName, packIndicators } from "./pack-folders";
import { type IndexFolder, renderPackIndex } from "./pack-index-pdf.server";
import { packReadme } from "./pack-readmes";
import { INDICATORS, type QualityScope } from "./referential";

/** The label of a scope, as the index explains an indicator left out. */
const SCOPE_REASONS: Record<QualityScope, string> = {
  certifying: "formations certifiantes",
  apprenticeship: "apprentissage",
  alternance: "alternance",
  subcontracting: "sous-traitance ou portage salarial",
};

/** 'du 1er janvier 2027 au 31 décembre 2027'. */
export const periodText = (period: PackPeriod) => `du ${formatDate(period.from)} au ${formatDate(period.to)}`;

/** The sessions running on at least one day of the period, by first day. */
export async function periodSessions(db: Db, period: PackPeriod): Promise<PackSession[]> {
  return db
    .select({
      id: formationSessions.id,
      formationId: formationSessions.formationId,
      title: formations.title,
      startDate: formationSessions.startDate,
      endDate: formationSessions.endDate,
    })
    .from(formationSessions)
    .innerJoin(formations, eq(formations.id, formationSessions.formationId))
    .where(and(lte(formationSessions.startDate, period.to), gte(formationSessions.endDate, period.from)))
    .orderBy(asc(formationSessions.startDate), asc(formations.title), asc(formationSessions.id));
}

/**
 * Which optional indicators apply: as the board says (`qualityScopes`: the centre's answers on the
 * board, Paramètres' apprenticeship category), the catalogue's part being the formations run in the
 * period. The indicators that do not apply are left out, and the index names them.
 */
export async function packScopes(
  db: Db,
  centre: Pick<CentreSettings, "qualiopiCategories">,
  sessions: readonly PackSession[],
): Promise<Set<QualityScope>> {
  // Certifying, unless the centre answered on the board: a formation run in the period is marked so.
  const ids = [...new Set(sessions.map((s) => s.formationId))];
  const [certifying] = ids.length
    ? await db
        .select({ id: formations.id })
        .from(formations)
        .where(and(inArray(formations.id, ids), eq(formations.certifying, true)))
        .limit(1)
    : [];
  return qualityScopes(await getQualitySettings(db), centre, Boolean(certifying));
}

/** Told after each file: how many are written, of how many. */
export type PackProgress = (done: number, total: number) => Promise<void> | void;

export interface PackBuilt {
  byteSize: number;
  /** Every path in the archive, in order (the index included). */
  entries: string[];
}

/** Writes the pack of `period` into `file`, telling `progress` after each file. */
export async function buildPack(
  db: Db,
  {
    period,
    file,
    today,
    progress,
  }: { period: PackPeriod; file: string; today: string; progress?: PackProgress },
): Promise<PackBuilt> {
  const scratch = await mkdtemp(path.join(tmpdir(), "dossier-qualiopi-"));
  try {
    const [centre, sessions] = await Promise.all([getCentreSettings(db), periodSessions(db, period)]);
    const scopes = await packScopes(db, centre, sessions);
    const indicators = packIndicators(scopes);
    const context: PackContext = { db, period, sessions, centre, today, scratch };
    const contributions = packContributions().filter((c) => indicators.some((i) => i.number === c.indicator));
    const counts = await Promise.all(contributions.map((c) => c.count(context)));
    const withSources = new Set(contributions.map((c) => c.indicator));
    // Each file, plus a LISEZ-MOI per folder without sources, plus the index.
    let total =
      counts.reduce((a, b) => a + b, 0) + indicators.filter((i) => !withSources.has(i.number)).length + 1;
    let done = 0;
    const step = async () => {
      done++;
      total = Math.max(total, done);
      await progress?.(done, total);
    };
    await progress?.(0, total);
    const folders: IndexFolder[] = [];
    const entries: string[] = [];
    const texts = new TextEncoder();
    async function* files(): AsyncGenerator<ZipEntry> {
      for (const indicator of indicators) {
        const folder = packFolderName(indicator);
        const listed: string[] = [];
        const empty: string[] = [];
        for (const contribution of contributions.filter((c) => c.indicator === indicator.number)) {
          let given = 0;
          for await (const f of contribution.files(context)) {
            const name = `${folder}/${f.path}`;
            yield "stream" in f
              ? { name, day: today, stream: f.stream }
              : { name, day: today, data: typeof f.data === "string" ? texts.encode(f.data) : f.data };
            listed.push(f.path);
            entries.push(name);
            given++;
            await step();
          }
          if (!given) empty.push(contribution.title);
        }
        if (!listed.length) {
          const name = `${folder}/${PACK_README_NAME}`;
          yield { name, day: today, data: texts.encode(packReadme(indicator, periodText(period), empty)) };
          listed.push(PACK_README_NAME);
          entries.push(name);
          if (!withSources.has(indicator.number)) await step();
        }
        folders.push({
          name: folder,
          criterion: indicator.criterion,
          wording: indicator.wording,
          files: listed,
        });
      }
      const excluded = INDICATORS.filter((i) => i.scope && !indicators.includes(i)).map(
        (i) => `Indicateur ${i.number} (${i.scope ? SCOPE_REASONS[i.scope] : ""})`,
      );
      const index = await renderPackIndex({
        centreName: centre.name,
        period: periodText(period),
        made: formatDate(today),
        folders,
        excluded,
      });
      yield { name: PACK_INDEX_NAME, day: today, data: index };
      entries.push(PACK_INDEX_NAME);
      await step();
    }
    const byteSize = await writeZipFile(files(), file);
    return { byteSize, entries };
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
