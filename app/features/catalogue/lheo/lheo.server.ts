/**
 * The Lhéo export's reads and its cache: the published catalogue (active formations, their sessions
 * that have not started, Paramètres' identity) made into one document, kept in memory until the
 * catalogue changes. A change to a formation, a session (seats included) or Paramètres, on any
 * instance, reaches every instance's event bus; the day turning ends the sessions starting that
 * day. The ETag is the document's own hash: the same on every instance for the same catalogue.
 */
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { gzip as gzipCallback } from "node:zlib";
import { and, asc, desc, eq, gte, inArray } from "drizzle-orm";
import { formationSessions, formations } from "~/features/catalogue/schema.server";
import { getCentreSettings } from "~/features/settings/index.server";
import { parisToday } from "~/platform/dates";
import type { Db } from "~/platform/db/client.server";
import type { EventBus } from "~/platform/events.server";
import type { LiveTable } from "~/platform/live-tables";
import { type FieldsWith, fieldsWith } from "../formation-entity";
import { takenSeats } from "../sessions.server";
import { lheoDocument } from "./lheo-document";
import type { LheoCentre, LheoFormation, LheoOffer, LheoSession } from "./lheo-input";
import { type LheoReadinessRecord, missingCentreItems, missingLheoItems } from "./lheo-readiness";

const gzip = promisify(gzipCallback);

/** The tables the document is made of. */
const CATALOGUE_TABLES = new Set(["formations", "formation_sessions", "centre_settings"]);

/**
 * A formation's published results (Qualiopi indicator 2: the rates whose sample reached the minimum of
 * Paramètres, and the archives), as the lines its course page shows. The indicators feature computes
 * them and leans on the catalogue, so it hands its reader in at boot (app/boot) rather than being
 * imported here. Lhéo 2.3 has no element for results: they go in the formation's `extras`.
 */
export interface LheoResultsProvider {
  read(db: Db, formationIds: readonly string[]): Promise<ReadonlyMap<string, readonly string[]>>;
  /** Tables whose changes change the lines (a survey answer); the rest is read again each day. */
  tables: readonly LiveTable[];
}

let resultsProvider: LheoResultsProvider | null = null;

export function provideLheoResults(provider: LheoResultsProvider): void {
  resultsProvider = provider;
}

const changesExport = (table: string) =>
  CATALOGUE_TABLES.has(table) || (resultsProvider?.tables as readonly string[] | undefined)?.includes(table);

/** The fields that carry their Lhéo element as they are (formation-entity.ts). */
const declaredColumns = Object.fromEntries(fieldsWith("lheo").map(([name]) => [name, formations[name]])) as {
  [F in FieldsWith<"lheo">]: (typeof formations)[F];
};

const formationColumns = {
  ...declaredColumns,
  id: formations.id,
  slug: formations.slug,
  title: formations.title,
  description: formations.description,
  longDescription: formations.longDescription,
  objectives: formations.objectives,
  certification: formations.certification,
  program: formations.program,
  certifying: formations.certifying,
  rncpCode: formations.rncpCode,
  certifier: formations.certifier,
  contactName: formations.contactName,
  contactPhone: formations.contactPhone,
  contactEmail: formations.contactEmail,
  entryLevel: formations.entryLevel,
  exitLevel: formations.exitLevel,
  formationType: formations.formationType,
  financingEligible: formations.financingEligible,
  pricing: formations.pricing,
  price: formations.price,
  formacodes: formations.formacodes,
  nsfCodes: formations.nsfCodes,
  romeCodes: formations.romeCodes,
  targetPublics: formations.targetPublics,
  funders: formations.lheoFunders,
  pathType: formations.pathType,
  entryMode: formations.entryMode,
  generalObjective: formations.generalObjective,
  createdAt: formations.createdAt,
  updatedAt: formations.updatedAt,
};

/** What lheoReadiness reads of a formation. */
export const LHEO_READINESS_COLUMNS = {
  objectives: formations.objectives,
  certification: formations.certification,
  prerequisites: formations.prerequisites,
  entryLevel: formations.entryLevel,
  certifying: formations.certifying,
  rncpCode: formations.rncpCode,
  formacodes: formations.formacodes,
  targetPublics: formations.targetPublics,
  pathType: formations.pathType,
  entryMode: formations.entryMode,
};

/** Upcoming sessions (not started: `start_date >= today`) of these formations, soonest first. */
async function upcomingSessions(db: Db, formationIds: string[], today: string) {
  if (formationIds.length === 0) return new Map<string, LheoSession[]>();
  const rows = await db
    .select({
      formationId: formationSessions.formationId,
      id: formationSessions.id,
      startDate: formationSessions.startDate,
      endDate: formationSessions.endDate,
      mode: formationSessions.mode,
      place: formationSessions.place,
      rhythm: formationSessions.rhythm,
      seats: formationSessions.seats,
      taken: takenSeats,
      closed: formationSessions.closed,
      applicationDeadline: formationSessions.applicationDeadline,
      createdAt: formationSessions.createdAt,
      updatedAt: formationSessions.updatedAt,
    })
    .from(formationSessions)
    .where(and(inArray(formationSessions.formationId, formationIds), gte(formationSessions.startDate, today)))
    .orderBy(asc(formationSessions.startDate), asc(formationSessions.id));
  const byFormation = new Map<string, LheoSession[]>();
  for (const { formationId, ...session } of rows) {
    byFormation.set(formationId, [...(byFormation.get(formationId) ?? []), session]);
  }
  return byFormation;
}

/** What each of these formations lacks for the export (the console's Formations screen). */
export async function lheoReadiness(
  db: Db,
  rows: readonly (LheoReadinessRecord & { id: string })[],
): Promise<Map<string, string[]>> {
  if (rows.length === 0) return new Map();
  const [sessions, centre] = await Promise.all([
    upcomingSessions(
      db,
      rows.map((r) => r.id),
      parisToday(),
    ),
    getCentreSettings(db),
  ]);
  const centreMissing = missingCentreItems(centre);
  return new Map(rows.map((r) => [r.id, missingLheoItems(r, sessions.get(r.id) ?? [], centreMissing)]));
}

export interface LheoExport {
  /** The document, or null when no published formation is ready (the schema wants one at least). */
  xml: string | null;
  /** Active formations left out, with what each lacks. */
  left: { slug: string; title: string; missing: string[] }[];
}

/** The export of every active formation (`slug` null) or of one, as the site's visitors see them. */
export async function buildLheoExport(
  db: Db,
  base: string,
  slug: string | null,
  today = parisToday(),
): Promise<LheoExport> {
  const active = eq(formations.active, true);
  const [rows, centre] = await Promise.all([
    db
      .select(formationColumns)
      .from(formations)
      .where(slug === null ? active : and(active, eq(formations.slug, slug)))
      .orderBy(asc(formations.position), desc(formations.createdAt), asc(formations.title)),
    getCentreSettings(db),
  ]);
  const sessions = await upcomingSessions(
    db,
    rows.map((r) => r.id),
    today,
  );
  const centreMissing = missingCentreItems(centre);
  const offers: LheoOffer[] = [];
  const left: LheoExport["left"] = [];
  for (const formation of rows as LheoFormation[]) {
    const own = sessions.get(formation.id) ?? [];
    const missing = missingLheoItems(formation, own, centreMissing);
    if (missing.length) left.push({ slug: formation.slug, title: formation.title, missing });
    else offers.push({ formation, sessions: own });
  }
  const results =
    resultsProvider && offers.length
      ? await resultsProvider.read(
          db,
          offers.map((o) => o.formation.id),
        )
      : null;
  for (const offer of offers) offer.results = results?.get(offer.formation.id) ?? [];
  const identity: LheoCentre = centre;
  return { xml: offers.length ? lheoDocument(offers, identity, { base, today }) : null, left };
}

interface Built {
  generation: number;
  day: string;
  /** null: nothing to export (404). */
  body: Buffer | null;
  gzipped: Buffer | null;
  etag: string | null;
}

/** Documents kept: the whole catalogue and this many single formations, least recently asked dropped. */
const MAX_ENTRIES = 101;

/**
 * One cache per process (per event bus: tests run several apps in one process). Each entry is the
 * document of one key ('*' for the catalogue, a slug for one formation) as of a generation of the
 * catalogue; a change bumps the generation and the next request makes the document again, once
 * however many ask at the same time.
 */
class LheoCache {
  generation = 0;
  /** Documents made (for tests and the benchmark). */
  builds = 0;
  private readonly entries = new Map<string, Built>();
  private readonly inFlight = new Map<string, Promise<Built>>();

  constructor(events: EventBus) {
    events.subscribe((event) => {
      if (changesExport(event.table)) this.generation++;
    });
  }

  async get(key: string, make: () => Promise<string | null>): Promise<Built> {
    const day = parisToday();
    const entry = this.entries.get(key);
    if (entry && entry.generation === this.generation && entry.day === day) {
      this.entries.delete(key);
      this.entries.set(key, entry);
      return entry;
    }
    const pending = this.inFlight.get(key);
    if (pending) return pending;
    const generation = this.generation;
    const job = (async (): Promise<Built> => {
      this.builds++;
      const xml = await make();
      const body = xml === null ? null : Buffer.from(xml, "utf8");
      const built: Built = {
        generation,
        day,
        body,
        gzipped: body ? await gzip(body) : null,
        etag: body ? `"${createHash("sha256").update(body).digest("base64url")}"` : null,
      };
      this.entries.delete(key);
      this.entries.set(key, built);
      for (const [oldest] of this.entries) {
        if (this.entries.size <= MAX_ENTRIES) break;
        this.entries.delete(oldest);
      }
      return built;
    })().finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, job);
    return job;
  }
}

const caches = new WeakMap<EventBus, LheoCache>();

export function lheoCache(events: EventBus): LheoCache {
  let cache = caches.get(events);
  if (!cache) {
    cache = new LheoCache(events);
    caches.set(events, cache);
  }
  return cache;
}

const NOTHING =
  "Aucune formation publiée n'est prête pour l'export Lhéo : la console (Formations) indique ce qui manque à chacune.";

/**
 * The answer to GET /lheo.xml (`slug` null) or /formation/:slug/lheo.xml: the document with its
 * ETag, 304 when the client has it already, gzip when accepted, 404 in French when there is nothing
 * to export.
 */
export async function lheoResponse(
  app: { db: Db; events: EventBus; config: { publicUrl: string } },
  request: Request,
  slug: string | null,
): Promise<Response> {
  const built = await lheoCache(app.events).get(
    slug ?? "*",
    async () => (await buildLheoExport(app.db, app.config.publicUrl, slug)).xml,
  );
  if (!built.body || !built.etag) {
    return new Response(slug === null ? NOTHING : "Cette formation n'est pas dans l'export Lhéo.", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-cache" },
    });
  }
  // Always asked again (the catalogue may have changed), answered 304 while it has not.
  const headers: Record<string, string> = {
    ETag: built.etag,
    "Cache-Control": "no-cache",
    Vary: "Accept-Encoding",
  };
  const known = request.headers
    .get("If-None-Match")
    ?.split(",")
    .map((tag) => tag.trim().replace(/^W\//, ""));
  if (known?.includes(built.etag) || known?.includes("*")) {
    return new Response(null, { status: 304, headers });
  }
  const gzipped = built.gzipped && /\bgzip\b/.test(request.headers.get("Accept-Encoding") ?? "");
  const body = gzipped && built.gzipped ? built.gzipped : built.body;
  return new Response(new Uint8Array(body), {
    headers: {
      ...headers,
      "Content-Type": "application/xml; charset=utf-8",
      "Content-Length": String(body.length),
      ...(gzipped ? { "Content-Encoding": "gzip" } : {}),
    },
  });
}
