/**
 * The CSV import of a session's learners: read (csv-import.ts), checked against the session, shown,
 * and stored all at once or not at all.
 */

import { and, eq, inArray, sql } from "drizzle-orm";
import { type Actor, writeAudit } from "~/features/audit/index.server";
import { seatsOf, sessionTitleOf } from "~/features/catalogue/index.server";
import { learners } from "~/features/learners/schema.server";
import type { Db } from "~/platform/db/client.server";
import { megabytesLabel, REQUEST_LIMITS } from "~/platform/request-limits";
import { type ImportReading, readLearnersCsv } from "./csv-import";
import { SESSION_GONE, seatsRefusal } from "./learners.server";

export const IMPORT_TOO_LARGE = `Le fichier ne doit pas dépasser ${megabytesLabel(REQUEST_LIMITS.learnerImportBytes)}.`;

/**
 * The file's text: UTF-8 (with or without its byte-order mark), or Windows-1252 as French Excel
 * saves 'CSV (séparateur : point-virgule)'.
 */
export function decodeCsv(bytes: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder("windows-1252").decode(bytes);
  }
}

/**
 * The file read and checked against the session: every row the dialog would refuse, every e-mail
 * twice in the file or already a learner of the session. Locks the session's row when `lock`, so
 * two imports into one session are checked one after the other.
 */
export async function checkImport(
  tx: Db,
  sessionId: string,
  text: string,
  lock = false,
): Promise<ImportReading> {
  const seats = await seatsOf(tx, sessionId, lock);
  if (!seats) return { rows: [], problems: [{ line: null, message: SESSION_GONE }] };
  const reading = readLearnersCsv(text);
  if (!reading.rows.length) return reading;
  const emails = reading.rows.map((r) => r.email.toLowerCase());
  const taken = await tx
    .select({ email: sql<string>`lower(${learners.email})` })
    .from(learners)
    .where(and(eq(learners.sessionId, sessionId), inArray(sql`lower(${learners.email})`, emails)));
  const already = new Set(taken.map((t) => t.email));
  const problems = [...reading.problems];
  for (const row of reading.rows) {
    if (already.has(row.email.toLowerCase())) {
      problems.push({ line: row.line, message: `E-mail : ${row.email} est déjà stagiaire de cette session` });
    }
  }
  problems.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
  // The file takes as many seats as it has rows: all fit, or none is stored.
  const refusal = seatsRefusal(seats.left, reading.rows.length);
  if (refusal) problems.unshift({ line: null, message: refusal });
  return { rows: reading.rows, problems };
}

/**
 * Stores every row of the file as a learner of the session, in one transaction with its audit
 * entry, or nothing when any row is wrong (the problems are answered instead).
 */
export async function importLearners(
  tx: Db,
  actor: Actor,
  sessionId: string,
  text: string,
): Promise<ImportReading & { imported: number }> {
  const reading = await checkImport(tx, sessionId, text, true);
  if (reading.problems.length) return { ...reading, imported: 0 };
  await tx
    .insert(learners)
    .values(
      reading.rows.map(({ line: _, ...person }) => ({ ...person, sessionId, origin: "import" as const })),
    );
  await writeAudit(tx, actor, {
    action: "import",
    entity: "learner",
    details: { title: await sessionTitleOf(tx, sessionId), count: reading.rows.length },
  });
  return { ...reading, imported: reading.rows.length };
}
