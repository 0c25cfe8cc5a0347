/**
 * The evidence packs built in the background: staff ask for a period's pack ('Préparer le dossier'),
 * a worker of any instance claims it with a lease in the database (pushed back while it works), writes
 * the ZIP into a file of the data directory's packs folder as it goes, telling its progress after each
 * file (the page follows through the live events), and marks it ready. An instance that stops
 * mid-build leaves its lease to run out: another instance (or the same one, restarted) takes the pack
 * up again from the start, and after MAX_ATTEMPTS claims the pack fails with a French message. A lost
 * lease stops the build: two instances never finish the same pack.
 */
import { createReadStream } from "node:fs";
import { mkdir, readdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { and, eq, inArray, sql } from "drizzle-orm";
import { type Actor, writeAudit } from "~/features/audit/index.server";
import type { Db } from "~/platform/db/client.server";
import { rows } from "~/platform/db/rows.server";
import type { EventBus } from "~/platform/events.server";
import type { Logger } from "~/platform/logger.server";
import { formatIsoDay } from "~/platform/paris-time";
import { QueueDrain } from "~/platform/periodic.server";
import { ZipLimitError } from "~/platform/zip.server";
import { buildPack, periodText } from "./pack-build.server";
import type { PackPeriod } from "./pack-contributions.server";
import { qualityPacks } from "./schema.server";
import type { QualityPackState } from "./vocabulary";

/** How long a claim holds without news: the worker renews it every third of it while it builds. */
export const PACK_LEASE_MS = 60_000;
/** Claims before a pack that never finishes is given up (each stop of an instance mid-build is one). */
export const MAX_ATTEMPTS = 3;
/** Progress is written at most this often (a small file takes a millisecond). */
const PROGRESS_EVERY_MS = 500;
/** A partial file untouched for this long was left by a stopped build: removed at start. */
const STALE_PART_MS = 60 * 60 * 1000;

export const PACK_FAILED =
  "Le dossier n'a pas pu être préparé. Demandez-le à nouveau\u202f; si l'échec se répète, l'administrateur trouvera le détail dans le journal du serveur.";
export const PACK_TOO_BIG =
  "Le dossier dépasse 4\u00a0Go, la taille la plus grande d'une archive ZIP\u00a0: choisissez une période plus courte.";
export const PACK_ABANDONED =
  "La préparation a été interrompue plusieurs fois (arrêt du serveur)\u00a0: demandez le dossier à nouveau.";

/** The folder of the packs' files: DATA_DIR/qualiopi. */
export const packFolder = (dataDir: string) => path.join(dataDir, "qualiopi");
/** A pack's file once done. Its id is a UUID: no separator, no '..'. */
export const packFile = (folder: string, id: string) => path.join(folder, `${id}.zip`);
/** The file being written by attempt `attempt`: renamed to packFile when done. */
const partFile = (folder: string, id: string, attempt: number) => path.join(folder, `${id}.${attempt}.part`);

/** 'dossier-qualiopi-2026-01-01-au-2026-12-31.zip': the name the browser saves. */
export const packDownloadName = (p: { periodFrom: string; periodTo: string }) =>
  `dossier-qualiopi-${p.periodFrom}-au-${p.periodTo}.zip`;

export interface PackStatus {
  id: string;
  periodFrom: string;
  periodTo: string;
  state: QualityPackState;
  doneSteps: number;
  totalSteps: number;
  byteSize: number | null;
  error: string | null;
  requestedBy: string | null;
  createdAt: Date;
  finishedAt: Date | null;
}

/** The packs asked for, newest first, with who asked (their e-mail). */
export async function listPacks(db: Db, limit = 20): Promise<PackStatus[]> {
  return rows<PackStatus>(
    db,
    sql`select p.id, p.period_from::text as "periodFrom", p.period_to::text as "periodTo", p.state,
               p.done_steps as "doneSteps", p.total_steps as "totalSteps", p.byte_size::float8 as "byteSize",
               p.error, u.email as "requestedBy", p.created_at as "createdAt", p.finished_at as "finishedAt"
          from quality_packs p left join users u on u.id = p.requested_by
         order by p.created_at desc, p.id desc limit ${limit}`,
  ).then((found) =>
    found.map((p) => ({
      ...p,
      createdAt: new Date(p.createdAt),
      finishedAt: p.finishedAt && new Date(p.finishedAt),
    })),
  );
}

/**
 * Asks for the pack of `period`: a new one, unless one of the same period is already waiting or under
 * way (a second click, a second staff member), which is answered instead. Audited when created.
 */
export async function requestPack(
  db: Db,
  actor: Actor,
  period: PackPeriod,
): Promise<{ id: string; created: boolean }> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext(${`quality-pack:${period.from}:${period.to}`}))`,
    );
    const [pending] = await tx
      .select({ id: qualityPacks.id })
      .from(qualityPacks)
      .where(
        and(
          eq(qualityPacks.periodFrom, period.from),
          eq(qualityPacks.periodTo, period.to),
          inArray(qualityPacks.state, ["queued", "running"]),
        ),
      )
      .limit(1);
    if (pending) return { id: pending.id, created: false };
    const [row] = await tx
      .insert(qualityPacks)
      .values({ periodFrom: period.from, periodTo: period.to, requestedBy: actor.id })
      .returning({ id: qualityPacks.id });
    if (!row) throw new Error("quality: no pack inserted");
    await writeAudit(tx, actor, {
      action: "create",
      entity: "quality_pack",
      entityId: row.id,
      details: { title: `Dossier de preuves ${periodText(period)}` },
    });
    return { id: row.id, created: true };
  });
}

/** A finished pack's file, name and size, or null (unknown, not ready, or its file is gone). */
export async function packDownload(db: Db, folder: string, id: string) {
  const [pack] = await db
    .select({
      periodFrom: qualityPacks.periodFrom,
      periodTo: qualityPacks.periodTo,
      byteSize: qualityPacks.byteSize,
    })
    .from(qualityPacks)
    .where(and(eq(qualityPacks.id, id), eq(qualityPacks.state, "done")));
  if (!pack) return null;
  const file = packFile(folder, id);
  const size = await stat(file).then(
    (s) => s.size,
    () => null,
  );
  if (size === null) return null;
  return { fileName: packDownloadName(pack), byteSize: size, open: () => createReadStream(file) };
}

/** Deletes a pack (its row and its file); false when it is unknown or still being built. */
export async function deletePack(db: Db, folder: string, actor: Actor, id: string): Promise<boolean> {
  const removed = await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(qualityPacks)
      .where(and(eq(qualityPacks.id, id), inArray(qualityPacks.state, ["done", "failed"])))
      .returning({ periodFrom: qualityPacks.periodFrom, periodTo: qualityPacks.periodTo });
    if (!row) return false;
    await writeAudit(tx, actor, {
      action: "delete",
      entity: "quality_pack",
      entityId: id,
      details: { title: `Dossier de preuves ${periodText({ from: row.periodFrom, to: row.periodTo })}` },
    });
    return true;
  });
  if (removed) await rm(packFile(folder, id), { force: true });
  return removed;
}

/**
 * What the packs' folder holds that no pack row points to: a finished pack's file whose row was
 * deleted, and partial files a stopped build left (untouched for an hour: a build under way on
 * another instance sharing the folder writes to its own). Removed at start; answers how many.
 */
export async function sweepOrphanPacks(db: Db, folder: string, now = new Date()): Promise<number> {
  const names = await readdir(folder).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return [] as string[];
    throw error;
  });
  const done = new Set(
    (await db.select({ id: qualityPacks.id }).from(qualityPacks).where(eq(qualityPacks.state, "done"))).map(
      (r) => r.id,
    ),
  );
  let removed = 0;
  for (const name of names) {
    const file = path.join(folder, name);
    const finished = /^([0-9a-f-]{36})\.zip$/.exec(name);
    const orphan = finished
      ? !done.has(finished[1] ?? "")
      : name.endsWith(".part") &&
        now.getTime() - ((await stat(file).catch(() => null))?.mtimeMs ?? now.getTime()) > STALE_PART_MS;
    if (orphan) {
      await rm(file, { force: true });
      removed++;
    }
  }
  return removed;
}

interface Claimed {
  id: string;
  period: PackPeriod;
  attempt: number;
}

/**
 * Takes the oldest waiting pack, or one whose lease ran out (left by a stopped instance); first fails
 * those claimed MAX_ATTEMPTS times already. Null when none.
 */
export async function claimPack(db: Db, leaseMs = PACK_LEASE_MS): Promise<Claimed | null> {
  await db
    .update(qualityPacks)
    .set({ state: "failed", error: PACK_ABANDONED, finishedAt: new Date(), leaseUntil: null })
    .where(
      and(
        eq(qualityPacks.state, "running"),
        sql`${qualityPacks.leaseUntil} < now()`,
        sql`${qualityPacks.attempts} >= ${MAX_ATTEMPTS}`,
      ),
    );
  const [row] = await rows<{ id: string; period_from: string; period_to: string; attempts: number }>(
    db,
    sql`update quality_packs
           set state = 'running', attempts = attempts + 1, done_steps = 0, started_at = now(),
               lease_until = now() + ${`${leaseMs} milliseconds`}::interval
         where id = (select id from quality_packs
                      where state = 'queued' or (state = 'running' and lease_until < now())
                      order by created_at, id limit 1 for update skip locked)
     returning id, period_from::text, period_to::text, attempts`,
  );
  return row
    ? { id: row.id, period: { from: row.period_from, to: row.period_to }, attempt: row.attempts }
    : null;
}

/** The build lost its claim (its lease ran out and another instance took the pack): it stops. */
class LeaseLost extends Error {}

/**
 * Builds the packs asked for, one at a time per instance; woken by a request on this instance, and
 * every few seconds for the others' (and those a stopped instance left).
 */
export class QualityPackWorker extends QueueDrain {
  constructor(
    private readonly db: Db,
    /** The packs' folder (packFolder(DATA_DIR)). */
    readonly folder: string,
    private readonly events: Pick<EventBus, "publish">,
    logger: Logger,
    everyMs = 10_000,
    private readonly leaseMs = PACK_LEASE_MS,
  ) {
    super(everyMs, logger, "quality: pack round failed");
  }

  /** Builds one waiting pack; whether there was one. Exposed for tests and the bench. */
  async runOnce(now = new Date()): Promise<boolean> {
    const job = await claimPack(this.db, this.leaseMs);
    if (!job) return false;
    await this.events.publish({ table: "quality_packs", op: "update" });
    const part = partFile(this.folder, job.id, job.attempt);
    const mine = and(
      eq(qualityPacks.id, job.id),
      eq(qualityPacks.state, "running"),
      eq(qualityPacks.attempts, job.attempt),
    );
    const renew = async () => {
      const held = await this.db
        .update(qualityPacks)
        .set({ leaseUntil: sql`now() + ${`${this.leaseMs} milliseconds`}::interval` })
        .where(mine)
        .returning({ id: qualityPacks.id });
      return held.length > 0;
    };
    let lost = false;
    const heartbeat = setInterval(() => {
      renew().then(
        (held) => {
          if (!held) lost = true;
        },
        (error: unknown) => this.logger.warn({ err: error, pack: job.id }, "quality: lease not renewed"),
      );
    }, this.leaseMs / 3);
    heartbeat.unref();
    let told = 0;
    try {
      await mkdir(this.folder, { recursive: true });
      const built = await buildPack(this.db, {
        period: job.period,
        file: part,
        today: formatIsoDay(now),
        progress: async (done, total) => {
          if (lost) throw new LeaseLost();
          if (done < total && Date.now() - told < PROGRESS_EVERY_MS) return;
          told = Date.now();
          const held = await this.db
            .update(qualityPacks)
            .set({
              doneSteps: done,
              totalSteps: total,
              leaseUntil: sql`now() + ${`${this.leaseMs} milliseconds`}::interval`,
            })
            .where(mine)
            .returning({ id: qualityPacks.id });
          if (!held.length) throw new LeaseLost();
          await this.events.publish({ table: "quality_packs", op: "update" });
        },
      });
      clearInterval(heartbeat);
      await rename(part, packFile(this.folder, job.id));
      const [finished] = await this.db
        .update(qualityPacks)
        .set({
          state: "done",
          byteSize: built.byteSize,
          finishedAt: new Date(),
          leaseUntil: null,
          error: null,
        })
        .where(mine)
        .returning({ id: qualityPacks.id });
      if (!finished) {
        // Taken over meanwhile (this instance stalled past its lease): the other build's file wins.
        this.logger.warn({ pack: job.id }, "quality: pack finished after its lease was lost");
        return true;
      }
      this.logger.info(
        { pack: job.id, bytes: built.byteSize, files: built.entries.length },
        "quality: pack ready",
      );
      await this.events.publish({ table: "quality_packs", op: "update" });
    } catch (error) {
      clearInterval(heartbeat);
      // Nothing to remove when the folder itself could not be made.
      await rm(part, { force: true }).catch(() => {});
      if (error instanceof LeaseLost) {
        this.logger.warn({ pack: job.id }, "quality: pack lease lost, build stopped");
        return true;
      }
      this.logger.error({ err: error, pack: job.id }, "quality: pack failed");
      await this.db
        .update(qualityPacks)
        .set({
          state: "failed",
          error: error instanceof ZipLimitError ? PACK_TOO_BIG : PACK_FAILED,
          finishedAt: new Date(),
          leaseUntil: null,
        })
        .where(mine);
      await this.events.publish({ table: "quality_packs", op: "update" });
    }
    return true;
  }
}

// The process's runtime carries the worker (built in app/boot/runtime.server.ts).
declare module "~/platform/runtime.server" {
  interface AppRuntime {
    /** Builds the Qualiopi evidence packs asked for in the console, in the background. */
    qualityPacks: QualityPackWorker;
  }
}

/** A pack's period read back from its row (tests, the page). */
export async function packState(db: Db, id: string) {
  const [row] = await db.select().from(qualityPacks).where(eq(qualityPacks.id, id));
  return row ?? null;
}
