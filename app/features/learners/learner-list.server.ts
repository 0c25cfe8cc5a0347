/**
 * The Stagiaires screen as it reads: the filtered, paged list of learners with their session and who
 * pays, and the same list as a CSV for French Excel. The writes are in learners.server.ts.
 */
import { asc, desc, eq, type SQL } from "drizzle-orm";
import { type Actor, writeAudit } from "~/features/audit/index.server";
import { sessionChoices } from "~/features/catalogue/index.server";
import { formationSessions, formations } from "~/features/catalogue/schema.server";
import { learners } from "~/features/learners/schema.server";
import {
  countRows,
  equalIfSet,
  listWhere,
  NO_PAGE,
  type Page,
  readPage,
} from "~/platform/console/paging.server";
import { CSV_BOM, csvLine } from "~/platform/csv.server";
import type { Db } from "~/platform/db/client.server";
import { LEARNER_CSV_HEADER } from "./learner-entity";
import type { LearnerFilters } from "./learner-schema";
import {
  CERTIFICATION_OUTCOME_LABELS,
  LEARNER_CATEGORY_LABELS,
  LEARNER_ORIGIN_LABELS,
  LEARNER_STATUS_LABELS,
} from "./vocabulary";

/* ------------------------------------------------------------------------------------------------
 * The Stagiaires screen.
 * --------------------------------------------------------------------------------------------- */

function filterClause(filters: LearnerFilters): SQL | undefined {
  return listWhere(
    { q: filters.q, columns: [learners.firstName, learners.lastName, learners.email, learners.company] },
    equalIfSet(formationSessions.formationId, filters.formation),
    equalIfSet(learners.sessionId, filters.session),
    equalIfSet(learners.status, filters.status),
  );
}

/** Who pays for the learner's training, as the list and the agreements read it. */
export const payerColumns = {
  fundingSource: learners.fundingSource,
  payerName: learners.payerName,
  payerAddress: learners.payerAddress,
  payerSiret: learners.payerSiret,
  payerContactName: learners.payerContactName,
  payerContactEmail: learners.payerContactEmail,
};

const listColumns = {
  id: learners.id,
  sessionId: learners.sessionId,
  applicationId: learners.applicationId,
  firstName: learners.firstName,
  lastName: learners.lastName,
  email: learners.email,
  company: learners.company,
  status: learners.status,
  abandonedOn: learners.abandonedOn,
  certification: learners.certification,
  traineeCategory: learners.traineeCategory,
  ...payerColumns,
  address: learners.address,
  cpfFileNumber: learners.cpfFileNumber,
  origin: learners.origin,
  anonymisedAt: learners.anonymisedAt,
  createdAt: learners.createdAt,
  startDate: formationSessions.startDate,
  endDate: formationSessions.endDate,
  formationTitle: formations.title,
  certifying: formations.certifying,
};

/** Newest session first, then by name: a session's learners read as a class list. */
const listOrder = [
  desc(formationSessions.startDate),
  asc(formations.title),
  asc(learners.lastName),
  asc(learners.firstName),
  asc(learners.id),
];

function selectLearners(db: Db, where: SQL | undefined) {
  return db
    .select(listColumns)
    .from(learners)
    .innerJoin(formationSessions, eq(formationSessions.id, learners.sessionId))
    .innerJoin(formations, eq(formations.id, formationSessions.formationId))
    .where(where)
    .orderBy(...listOrder);
}

function listLearners(db: Db, filters: LearnerFilters, page: number) {
  const where = filterClause(filters);
  return readPage(
    page,
    () =>
      countRows(db, learners, where, {
        table: formationSessions,
        on: eq(formationSessions.id, learners.sessionId),
      }),
    (limit, offset) => selectLearners(db, where).limit(limit).offset(offset),
  );
}

export type LearnerRow = Awaited<ReturnType<typeof listLearners>>["items"][number];

/** The Stagiaires screen: the page of rows and the filters' choices (formations, sessions). */
export async function learnersPage(db: Db, filters: LearnerFilters, page: number) {
  const [list, choices] = await Promise.all([listLearners(db, filters, page), sessionChoices(db)]);
  return { list, choices };
}

export const NO_LEARNERS: Awaited<ReturnType<typeof learnersPage>> = {
  list: NO_PAGE as Page<LearnerRow>,
  choices: { formations: [], sessions: [] },
};

/** Every learner under the filters, in the list's order, for the CSV export. */
export function allLearners(db: Db, filters: LearnerFilters) {
  return selectLearners(db, filterClause(filters));
}

/* ------------------------------------------------------------------------------------------------
 * CSV export for French Excel (platform/csv.server.ts): UTF-8 with a BOM, ';' between fields.
 * --------------------------------------------------------------------------------------------- */

const numericDay = (iso: string | null) => (iso ? iso.split("-").reverse().join("/") : "");

/**
 * The filtered learners as CSV (a session counts at most 1 000: read at once). The export, personal
 * data leaving the console, is audited with its count and filters in the same transaction as the read.
 */
export async function exportLearners(db: Db, actor: Actor, filters: LearnerFilters): Promise<string> {
  return db.transaction(async (tx) => {
    const rows = await allLearners(tx, filters);
    await writeAudit(tx, actor, {
      action: "export",
      entity: "learner",
      details: { count: rows.length, filters: { ...filters } },
    });
    const lines = rows.map((r) =>
      csvLine([
        r.formationTitle,
        numericDay(r.startDate),
        numericDay(r.endDate),
        r.firstName,
        r.lastName,
        r.email,
        r.company,
        LEARNER_STATUS_LABELS[r.status],
        numericDay(r.abandonedOn),
        r.certification ? CERTIFICATION_OUTCOME_LABELS[r.certification] : "",
        LEARNER_ORIGIN_LABELS[r.origin],
        r.traineeCategory ? LEARNER_CATEGORY_LABELS[r.traineeCategory] : "",
      ]),
    );
    return CSV_BOM + csvLine(LEARNER_CSV_HEADER) + lines.join("");
  });
}
