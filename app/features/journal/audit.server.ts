import { and, count, desc, eq, gte, inArray, lt, type SQL, sql } from "drizzle-orm";
import type { SessionUser } from "~/features/accounts/index.server";
import { users } from "~/features/accounts/schema.server";
import { applications } from "~/features/applications/schema.server";
import { articles } from "~/features/articles/schema.server";
import { formationSessions, formations } from "~/features/catalogue/schema.server";
import { complaints } from "~/features/complaints/schema.server";
import { auditLog } from "~/features/journal/schema.server";
import { contactRequests } from "~/features/leads/schema.server";
import { learners } from "~/features/learners/schema.server";
import { surveyQuestionnaires } from "~/features/surveys/schema.server";
import { testimonials } from "~/features/testimonials/schema.server";
import { isCalendarDay } from "~/platform/dates";
import type { Db } from "~/platform/db/client.server";
import type { ChangeEvent } from "~/platform/events.server";
import type { AppRuntime } from "~/platform/runtime.server";
import { shortRef } from "./changes";
import { AUDIT_ENTITIES, AUDIT_PAGE_SIZE, type AuditEntity } from "./log";

export type Actor = Pick<SessionUser, "id" | "email">;

export interface AuditEntry {
  action:
    | "create"
    | "update"
    | "delete"
    | "status"
    | "erase"
    | "export"
    | "import"
    | "role"
    | "note"
    | "purge"
    | "offer"
    | "offer-mail"
    | "reply"
    | "publish"
    | "unpublish"
    | "send"
    | "schedule"
    | "restore"
    | "discard";
  entity: AuditEntity;
  entityId?: string | null;
  details?: Record<string, unknown>;
}

/**
 * Records who changed what; `null` is the server itself (the retention purge). Pass the transaction
 * that makes the change: the entry and the change are committed, or rolled back, together.
 */
export async function writeAudit(tx: Db, actor: Actor | null, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: actor?.id ?? null,
    actorEmail: actor?.email ?? null,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId ?? null,
    details: entry.details ?? null,
  });
}

/** The Journal d'activité's filters, read from the URL (?personne=&type=&du=&au=&page=). */
export interface AuditFilters {
  actor: string | null;
  entity: AuditEntity | null;
  /** YYYY-MM-DD, Paris days, both included. */
  from: string | null;
  to: string | null;
  page: number;
}

export function auditFiltersFrom(params: URLSearchParams): AuditFilters {
  const entity = params.get("type");
  const day = (name: string) => {
    const value = params.get(name) ?? "";
    return isCalendarDay(value) ? value : null;
  };
  const page = Number(params.get("page"));
  return {
    actor: (params.get("personne") ?? "").trim().slice(0, 254) || null,
    entity: AUDIT_ENTITIES.includes(entity as AuditEntity) ? (entity as AuditEntity) : null,
    from: day("du"),
    to: day("au"),
    page: Number.isInteger(page) && page > 1 ? Math.min(page, 100_000) : 1,
  };
}

/** Midnight of a Paris day, as a timestamp the database compares. */
const parisMidnight = (day: string) => sql`(${day}::date::timestamp at time zone 'Europe/Paris')`;

/** One page of the audit log, newest first, with the people who appear in it (for the filter). */
export async function listAuditLog(db: Db, filters: AuditFilters) {
  const where: SQL[] = [];
  if (filters.actor) where.push(eq(auditLog.actorEmail, filters.actor));
  if (filters.entity) where.push(eq(auditLog.entity, filters.entity));
  if (filters.from) where.push(gte(auditLog.createdAt, parisMidnight(filters.from)));
  if (filters.to) where.push(lt(auditLog.createdAt, sql`${parisMidnight(filters.to)} + interval '1 day'`));
  const condition = where.length ? and(...where) : undefined;
  const [rows, [total], actors] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(condition)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(AUDIT_PAGE_SIZE)
      .offset((filters.page - 1) * AUDIT_PAGE_SIZE),
    db.select({ n: count() }).from(auditLog).where(condition),
    db
      .selectDistinct({ email: auditLog.actorEmail })
      .from(auditLog)
      .where(sql`${auditLog.actorEmail} is not null`)
      .orderBy(auditLog.actorEmail),
  ]);
  const records = await recordsOf(db, rows);
  return {
    entries: rows.map((row) => ({ ...row, record: records(row) })),
    total: total?.n ?? 0,
    actors: actors.map((a) => a.email).filter((e): e is string => e !== null),
  };
}

/** How an entry names its record, and where the record is in the console while it exists. */
export interface AuditRecord {
  name: string;
  href: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const search = (path: string, q: string) => `${path}?q=${encodeURIComponent(q)}`;
/** How a learner's title names them when written (titles.server.ts): replaced by their name when shown. */
const LEARNER_REF = /stagiaire, réf\. [0-9a-z]+/;

type Row = { entity: string; entityId: string | null; details: Record<string, unknown> | null };

/**
 * Looks up, in one query per kind of record on the page, which records still exist: each entry
 * then links to its record (the list searched on its title, the application's page, the request
 * opened in Contacts…). The name is the one written with the entry; an older entry without one is
 * named by the record as it is now, or by its short reference.
 */
async function recordsOf(db: Db, rows: Row[]): Promise<(row: Row) => AuditRecord> {
  const ids = (entity: string, uuidOnly = true) => [
    ...new Set(
      rows
        .filter((r) => r.entity === entity && r.entityId && (!uuidOnly || UUID.test(r.entityId)))
        .map((r) => r.entityId as string),
    ),
  ];
  const live = new Map<string, { href: string; name?: string }>();
  const put = (entity: string, id: string, href: string, name?: string) =>
    live.set(`${entity}:${id}`, name === undefined ? { href } : { href, name });
  const lookups: Promise<void>[] = [];
  const lookup = <T>(
    entity: string,
    query: (list: string[]) => Promise<T[]>,
    each: (row: T) => void,
    uuidOnly = true,
  ) => {
    const list = ids(entity, uuidOnly);
    if (list.length) lookups.push(query(list).then((found) => found.forEach(each)));
  };
  lookup(
    "formation",
    (list) =>
      db
        .select({ id: formations.id, title: formations.title })
        .from(formations)
        .where(inArray(formations.id, list)),
    (f) => put("formation", f.id, search("/admin/formations", f.title), f.title),
  );
  lookup(
    "formation_session",
    (list) =>
      db
        .select({ id: formationSessions.id, formationId: formationSessions.formationId })
        .from(formationSessions)
        .where(inArray(formationSessions.id, list)),
    (s) => put("formation_session", s.id, `/admin/formations/${s.formationId}/sessions`),
  );
  lookup(
    "blog_post",
    (list) =>
      db.select({ id: articles.id, title: articles.title }).from(articles).where(inArray(articles.id, list)),
    (b) => put("blog_post", b.id, search("/admin/articles", b.title), b.title),
  );
  lookup(
    "testimonial",
    (list) =>
      db
        .select({ id: testimonials.id, name: testimonials.name })
        .from(testimonials)
        .where(inArray(testimonials.id, list)),
    (r) => put("testimonial", r.id, search("/admin/temoignages", r.name)),
  );
  lookup(
    "application",
    (list) => db.select({ id: applications.id }).from(applications).where(inArray(applications.id, list)),
    (a) => put("application", a.id, `/admin/candidatures/${a.id}`),
  );
  // A learner is named as they are now (the log keeps only a reference): by their name while the
  // record has it, 'stagiaire anonymisé·e' once the retention period has erased it.
  lookup(
    "learner",
    (list) =>
      db
        .select({
          id: learners.id,
          sessionId: learners.sessionId,
          firstName: learners.firstName,
          lastName: learners.lastName,
          anonymisedAt: learners.anonymisedAt,
        })
        .from(learners)
        .where(inArray(learners.id, list)),
    (l) => {
      const name = [l.firstName, l.lastName].filter(Boolean).join(" ");
      const person = l.anonymisedAt || !name ? "stagiaire anonymisé·e" : name;
      put("learner", l.id, `/admin/stagiaires?session=${l.sessionId}`, person);
    },
  );
  lookup(
    "contact_request",
    (list) =>
      db.select({ id: contactRequests.id }).from(contactRequests).where(inArray(contactRequests.id, list)),
    (c) => put("contact_request", c.id, `/admin/contacts?demande=${c.id}`),
  );
  lookup(
    "complaint",
    (list) => db.select({ id: complaints.id }).from(complaints).where(inArray(complaints.id, list)),
    (c) => put("complaint", c.id, `/admin/reclamations/${c.id}`),
  );
  lookup(
    "questionnaire",
    (list) =>
      db
        .select({ id: surveyQuestionnaires.id, title: surveyQuestionnaires.title })
        .from(surveyQuestionnaires)
        .where(inArray(surveyQuestionnaires.id, list)),
    (q) => put("questionnaire", q.id, `/admin/enquetes/${q.id}`, q.title),
  );
  // A staff account is named as it is now, never by what the log kept: the log keeps no address.
  lookup(
    "user",
    (list) => db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, list)),
    (u) => put("user", u.id, "/admin/utilisateurs", u.email),
    false,
  );
  await Promise.all(lookups);

  return (row) => {
    if (row.entity === "centre_settings") return { name: "Paramètres du centre", href: "/admin/parametres" };
    if (row.entity === "calendar_feed") return { name: "", href: "/admin/calendrier" };
    if (row.entity === "demo_data") return { name: "", href: null };
    // A page always exists (its default text until saved): its editor in Pages.
    if (row.entity === "site_page" && row.entityId) {
      const name = typeof row.details?.title === "string" ? row.details.title : row.entityId;
      return { name, href: `/admin/pages/${row.entityId}` };
    }
    const found = row.entityId ? live.get(`${row.entity}:${row.entityId}`) : undefined;
    const written = typeof row.details?.title === "string" && row.entity !== "user" ? row.details.title : "";
    if (row.entity === "learner" && row.entityId) {
      // The written title's 'stagiaire, réf. 1a2b3c4d' becomes the person; an erased record is said so.
      const person = found?.name ?? "stagiaire effacé·e";
      const name = LEARNER_REF.test(written) ? written.replace(LEARNER_REF, person) : written || person;
      return { name, href: found?.href ?? null };
    }
    const fallback = row.entityId ? `(réf. ${shortRef(row.entityId)})` : "";
    const name = written || found?.name || (row.entity === "user" ? "(compte supprimé)" : fallback);
    return { name, href: found?.href ?? null };
  };
}

/**
 * The shape of every console write: `change` runs in one transaction with the audit entry it
 * answers, and only once both are committed is the change announced to the public pages, so a
 * rolled-back write never empties their cache or reaches an open /api/events stream.
 */
export async function auditedChange(
  app: AppRuntime,
  actor: Actor,
  event: ChangeEvent,
  change: (tx: Db) => Promise<AuditEntry>,
): Promise<void> {
  await app.db.transaction(async (tx) => {
    await writeAudit(tx, actor, await change(tx));
  });
  await app.events.publish(event);
}
