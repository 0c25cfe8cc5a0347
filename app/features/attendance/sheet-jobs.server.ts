/**
 * The signed sheet made in the background: staff ask for it on the session's attendance page
 * ('Préparer la feuille'), a worker of any instance writes it slot by slot into a temporary file
 * (the PDF streams out of pdfkit, never held whole), saying after each slot how far it is (the page
 * follows through the live events), then keeps it in the database in parts of 1 MiB, so that any
 * instance serves it, a part at a time. A session of 200 learners and 80 slots no longer holds a
 * request (and its timeout) for a minute. Only the latest finished sheet of a session is kept.
 */
import { createReadStream, createWriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, desc, eq, inArray, lt, ne, sql } from "drizzle-orm";
import { attendanceSheetParts, attendanceSheets } from "~/features/attendance/schema.server";
import { sessionHeading } from "~/features/catalogue/index.server";
import { consoleAction, failure, intentOf, success, unknownIntent } from "~/platform/console/action.server";
import type { Db } from "~/platform/db/client.server";
import { rows } from "~/platform/db/rows.server";
import type { EventBus } from "~/platform/events.server";
import { entityId } from "~/platform/form-schema";
import type { Logger } from "~/platform/logger.server";
import { formatIsoDay } from "~/platform/paris-time";
import { QueueDrain } from "~/platform/periodic.server";
import { writeAttendanceSheet } from "./sheet-pdf.server";
import type { AttendanceSheetState } from "./vocabulary";

/** A part of a kept sheet: small enough to read and write one at a time on both drivers. */
const PART_BYTES = 1024 * 1024;
/** A sheet still 'running' after this long was left by a stopped instance: another one takes it up. */
const STALE_MINUTES = 15;
/** Progress is told at most this often (a slot of a small session takes a millisecond). */
const PROGRESS_EVERY_MS = 400;

export const SHEET_FAILED = "La feuille n'a pas pu être préparée : demandez-la à nouveau.";

export interface SheetStatus {
  id: string;
  state: AttendanceSheetState;
  doneSlots: number;
  totalSlots: number;
  byteSize: number | null;
  createdAt: Date;
  finishedAt: Date | null;
  error: string | null;
}

/** The session's latest sheet (asked, under way, ready or failed); null when none was ever asked. */
export async function latestSheet(db: Db, sessionId: string): Promise<SheetStatus | null> {
  const [row] = await db
    .select({
      id: attendanceSheets.id,
      state: attendanceSheets.state,
      doneSlots: attendanceSheets.doneSlots,
      totalSlots: attendanceSheets.totalSlots,
      byteSize: attendanceSheets.byteSize,
      createdAt: attendanceSheets.createdAt,
      finishedAt: attendanceSheets.finishedAt,
      error: attendanceSheets.error,
    })
    .from(attendanceSheets)
    .where(eq(attendanceSheets.sessionId, sessionId))
    .orderBy(desc(attendanceSheets.createdAt))
    .limit(1);
  return row ?? null;
}

/**
 * Asks for the session's sheet: a new one, unless one is already waiting or under way (a second
 * click, a second staff member), which is answered instead.
 */
export async function requestSheet(
  db: Db,
  sessionId: string,
  requestedBy: string | null,
): Promise<{ id: string; created: boolean }> {
  return db.transaction(async (tx) => {
    // One request at a time per session: two clicks at once make one sheet.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`attendance-sheet:${sessionId}`}))`);
    const [pending] = await tx
      .select({ id: attendanceSheets.id })
      .from(attendanceSheets)
      .where(
        and(
          eq(attendanceSheets.sessionId, sessionId),
          inArray(attendanceSheets.state, ["queued", "running"]),
        ),
      )
      .limit(1);
    if (pending) return { id: pending.id, created: false };
    const [row] = await tx
      .insert(attendanceSheets)
      .values({ sessionId, requestedBy })
      .returning({ id: attendanceSheets.id });
    if (!row) throw new Error("attendance: no sheet inserted");
    return { id: row.id, created: true };
  });
}

/** A finished sheet of the session: its name, size and a stream of its bytes read a part at a time. */
export async function sheetDownload(db: Db, sessionId: string, sheetId: string | null) {
  const [sheet] = await db
    .select({
      id: attendanceSheets.id,
      fileName: attendanceSheets.fileName,
      byteSize: attendanceSheets.byteSize,
    })
    .from(attendanceSheets)
    .where(
      and(
        eq(attendanceSheets.sessionId, sessionId),
        eq(attendanceSheets.state, "done"),
        sheetId ? eq(attendanceSheets.id, sheetId) : sql`true`,
      ),
    )
    .orderBy(desc(attendanceSheets.finishedAt))
    .limit(1);
  if (!sheet?.fileName || sheet.byteSize === null) return null;
  let part = 0;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const [next] = await db
        .select({ bytes: attendanceSheetParts.bytes })
        .from(attendanceSheetParts)
        .where(and(eq(attendanceSheetParts.sheetId, sheet.id), eq(attendanceSheetParts.part, part)));
      part++;
      if (next) controller.enqueue(new Uint8Array(next.bytes));
      else controller.close();
    },
  });
  return { fileName: sheet.fileName, byteSize: sheet.byteSize, body };
}

/** Takes the oldest waiting sheet (or one left running by a stopped instance); null when none. */
async function claim(db: Db): Promise<{ id: string; sessionId: string } | null> {
  const [row] = await rows<{ id: string; session_id: string }>(
    db,
    sql`update attendance_sheets set state = 'running', started_at = now(), done_slots = 0
         where id = (select id from attendance_sheets
                      where state = 'queued'
                         or (state = 'running' and started_at < now() - ${`${STALE_MINUTES} minutes`}::interval)
                      order by created_at limit 1 for update skip locked)
        returning id, session_id`,
  );
  return row ? { id: row.id, sessionId: row.session_id } : null;
}

/** Copies the written file into the sheet's parts, one part at a time, and marks it done. */
async function keep(db: Db, sheetId: string, file: string, fileName: string, slots: number) {
  await db.transaction(async (tx) => {
    await tx.delete(attendanceSheetParts).where(eq(attendanceSheetParts.sheetId, sheetId));
    let part = 0;
    let size = 0;
    for await (const chunk of createReadStream(file, { highWaterMark: PART_BYTES })) {
      const bytes = chunk as Buffer;
      await tx.insert(attendanceSheetParts).values({ sheetId, part: part++, bytes: new Uint8Array(bytes) });
      size += bytes.byteLength;
    }
    await tx
      .update(attendanceSheets)
      .set({
        state: "done",
        fileName,
        byteSize: size,
        doneSlots: slots,
        totalSlots: slots,
        finishedAt: new Date(),
      })
      .where(eq(attendanceSheets.id, sheetId));
  });
}

/**
 * Writes the sheets asked for, one at a time per instance; woken by a request on this instance, and
 * every few seconds for the others' (and those a stopped instance left). A failed sheet says so on
 * the page; it is logged.
 */
export class AttendanceSheetWorker extends QueueDrain {
  constructor(
    private readonly db: Db,
    private readonly events: Pick<EventBus, "publish">,
    logger: Logger,
    everyMs = 10_000,
  ) {
    super(everyMs, logger, "attendance: sheet round failed");
  }

  /** Writes one waiting sheet; whether there was one. Exposed for tests and the bench. */
  async runOnce(now = new Date()): Promise<boolean> {
    const job = await claim(this.db);
    if (!job) return false;
    const folder = await mkdtemp(path.join(tmpdir(), "emargement-"));
    const file = path.join(folder, "feuille.pdf");
    let told = 0;
    try {
      const made = await writeAttendanceSheet(
        this.db,
        job.sessionId,
        formatIsoDay(now),
        createWriteStream(file),
        async (done, total) => {
          if (done < total && Date.now() - told < PROGRESS_EVERY_MS) return;
          told = Date.now();
          await this.db
            .update(attendanceSheets)
            .set({ doneSlots: done, totalSlots: total })
            .where(eq(attendanceSheets.id, job.id));
          await this.events.publish({ table: "attendance_sheets", op: "update" });
        },
      );
      if (!made) {
        await this.fail(job.id, "La session n'existe plus.");
        return true;
      }
      const [{ total = 0 } = {}] = await rows<{ total: number }>(
        this.db,
        sql`select count(*)::int as total from session_slots where session_id = ${job.sessionId}`,
      );
      await keep(this.db, job.id, file, made.fileName, Number(total));
      // The older sheets of the session are no longer offered: only the latest is kept.
      await this.db
        .delete(attendanceSheets)
        .where(
          and(
            eq(attendanceSheets.sessionId, job.sessionId),
            ne(attendanceSheets.id, job.id),
            inArray(attendanceSheets.state, ["done", "failed"]),
            lt(
              attendanceSheets.createdAt,
              sql`(select created_at from attendance_sheets where id = ${job.id})`,
            ),
          ),
        );
      await this.events.publish({ table: "attendance_sheets", op: "update" });
    } catch (error) {
      this.logger.error({ err: error, sheet: job.id }, "attendance: sheet failed");
      await this.fail(job.id, SHEET_FAILED);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
    return true;
  }

  private async fail(id: string, error: string) {
    await this.db
      .update(attendanceSheets)
      .set({ state: "failed", error, finishedAt: new Date() })
      .where(eq(attendanceSheets.id, id));
    await this.events.publish({ table: "attendance_sheets", op: "update" });
  }
}

// The process's runtime carries the worker (built in app/boot/runtime.server.ts).
declare module "~/platform/runtime.server" {
  interface AppRuntime {
    /** Writes the signed attendance sheets asked for in the console, in the background. */
    attendanceSheets: AttendanceSheetWorker;
  }
}

/**
 * The session's attendance page's action: 'Préparer la feuille d'émargement' (attendance:download).
 * The sheet is asked for and this instance's worker woken; the page follows its progress.
 */
export const sheetAction = consoleAction(
  { "prepare-sheet": "attendance:download" },
  async (app, actor, form) => {
    const intent = intentOf(form);
    if (intent !== "prepare-sheet") return unknownIntent(intent);
    const sessionId = entityId.safeParse(form.get("sessionId"));
    const exists = sessionId.success ? await sessionHeading(app.db, sessionId.data) : null;
    if (!sessionId.success || !exists) return failure(intent, "Session introuvable", 404);
    const { created } = await requestSheet(app.db, sessionId.data, actor.id);
    app.attendanceSheets.wake();
    await app.events.publish({ table: "attendance_sheets", op: "insert" });
    return success(
      intent,
      created
        ? "Préparation de la feuille d'émargement lancée"
        : "La feuille d'émargement est déjà en préparation",
    );
  },
);
