import { and, asc, desc, eq, type SQL } from "drizzle-orm";
import { applicationEvents, applicationFiles, applications } from "~/features/applications/schema.server";
import { sessionChoices, takenSeats } from "~/features/catalogue/index.server";
import { formationSessions, formations } from "~/features/catalogue/schema.server";
import {
  countByStatus,
  countRows,
  equalIfSet,
  listWhere,
  NO_PAGE,
  type Page,
  readPage,
} from "~/platform/console/paging.server";
import type { Db } from "~/platform/db/client.server";
import type { ApplicationFilters } from "./console-schema";
import { APPLICATION_STATUSES, type ApplicationStatusValue } from "./status";

function filterClause(filters: ApplicationFilters): SQL | undefined {
  return listWhere(
    { q: filters.q, columns: [applications.firstName, applications.lastName, applications.email] },
    equalIfSet(formationSessions.formationId, filters.formation),
    equalIfSet(applications.sessionId, filters.session),
    equalIfSet(applications.status, filters.status),
  );
}

const listColumns = {
  id: applications.id,
  firstName: applications.firstName,
  lastName: applications.lastName,
  email: applications.email,
  status: applications.status,
  seatOfferedAt: applications.seatOfferedAt,
  financing: applications.financing,
  createdAt: applications.createdAt,
  startDate: formationSessions.startDate,
  endDate: formationSessions.endDate,
  formationTitle: formations.title,
};

/** One page (50 rows) of the filtered list, newest first, and how many match in all. */
function listApplications(db: Db, filters: ApplicationFilters, page: number) {
  const where = filterClause(filters);
  return readPage(
    page,
    () =>
      countRows(db, applications, where, {
        table: formationSessions,
        on: eq(formationSessions.id, applications.sessionId),
      }),
    (limit, offset) =>
      db
        .select(listColumns)
        .from(applications)
        .innerJoin(formationSessions, eq(formationSessions.id, applications.sessionId))
        .innerJoin(formations, eq(formations.id, formationSessions.formationId))
        .where(where)
        .orderBy(desc(applications.createdAt), desc(applications.id))
        .limit(limit)
        .offset(offset),
  );
}

export type AdminApplicationRow = Awaited<ReturnType<typeof listApplications>>["items"][number];

type StatusCounts = Record<ApplicationStatusValue, number>;

/** The Candidatures screen: the page of rows, the counters and the filters' choices. */
export async function applicationsPage(db: Db, filters: ApplicationFilters, page: number) {
  const [list, counts, choices] = await Promise.all([
    listApplications(db, filters, page),
    countByStatus(db, applications.status, APPLICATION_STATUSES),
    sessionChoices(db),
  ]);
  return { list, counts: counts as StatusCounts | null, choices };
}

/** What the screen shows when the read failed: no rows, no counters, no choices. */
export const NO_APPLICATIONS: Awaited<ReturnType<typeof applicationsPage>> = {
  list: NO_PAGE as Page<AdminApplicationRow>,
  counts: null,
  choices: { formations: [], sessions: [] },
};

/** Everything about one application: answers, session and its seats taken, files (without their bytes), history and notes. */
export async function getApplication(db: Db, id: string) {
  const [row] = await db
    .select({
      application: applications,
      session: formationSessions,
      formationTitle: formations.title,
      seatsTaken: takenSeats,
    })
    .from(applications)
    .innerJoin(formationSessions, eq(formationSessions.id, applications.sessionId))
    .innerJoin(formations, eq(formations.id, formationSessions.formationId))
    .where(eq(applications.id, id));
  if (!row) return null;
  const [files, events] = await Promise.all([
    db
      .select({
        id: applicationFiles.id,
        kind: applicationFiles.kind,
        fileName: applicationFiles.fileName,
        mimeType: applicationFiles.mimeType,
        size: applicationFiles.size,
      })
      .from(applicationFiles)
      .where(eq(applicationFiles.applicationId, id))
      .orderBy(asc(applicationFiles.kind)),
    db
      .select()
      .from(applicationEvents)
      .where(eq(applicationEvents.applicationId, id))
      .orderBy(desc(applicationEvents.createdAt), desc(applicationEvents.id)),
  ]);
  return { ...row, files, events };
}

/** One stored file, bytes included, for the staff-only download; null when it is not this application's. */
export async function getApplicationFile(db: Db, applicationId: string, fileId: string) {
  const [file] = await db
    .select()
    .from(applicationFiles)
    .where(and(eq(applicationFiles.id, fileId), eq(applicationFiles.applicationId, applicationId)));
  return file ?? null;
}
