// Where the bytes of pictures live: originals and their variants, addressed by content hash (and
// width + format for a variant). Two places, one interface:
// - the database (the `content` column of `media` / `media_variants`): the default on PostgreSQL,
//   where several instances share them and a database backup holds them;
// - a directory (DATA_DIR/media by default on the embedded database, or MEDIA_DIR): writing 10 MB
//   into PGlite blocks the server's only thread for seconds (docs/benchmarks.md, Médiathèque), a
//   file is written by the operating system beside it. The rows keep every fact (hash, format,
//   width, height, alt…) with a NULL `content`.
// The `content` columns stay, allowed NULL, rather than the bytes moving to a table of their own:
// PostgreSQL centres keep their pictures where they are (no data migration), and rows written
// before the directory was chosen keep their bytes in `content` and are read from there (no copy
// at start, so that a start never rewrites gigabytes); they go with their row.
import { randomBytes } from "node:crypto";
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { eq, inArray, sql } from "drizzle-orm";
import { media, mediaVariants } from "~/features/media/schema.server";
import type { Db } from "~/platform/db/client.server";
import type { AppRuntime } from "~/platform/runtime.server";
import { MEDIA_EXTENSIONS, type MediaFormat } from "./media";

/** The original of `hash`, or one of its variants. */
export type BytesKey = { hash: string } | { hash: string; width: number; format: MediaFormat };

const HASH = /^[0-9a-f]{32}$/;

export interface MediaBytes {
  /** "database" or the directory's absolute path (logs, tests). */
  readonly where: "database" | string;
  /**
   * Keeps `bytes` under `key`; answers what the row's `content` column holds: the bytes themselves
   * (database) or null (the file is written, whole, before this resolves).
   */
  put(key: BytesKey, bytes: Uint8Array): Promise<Uint8Array | null>;
  /** The bytes of `key`: the row's `column` when it holds them, else the file; null when neither. */
  get(key: BytesKey, column: Uint8Array | null): Promise<Buffer | null>;
  /** Removes every file of `hash` (original and variants); the rows are the caller's. */
  drop(hash: string): Promise<void>;
  /**
   * What was last written before `before` (files only): the picture folders with nothing newer, and
   * the temporary files an interrupted write left. Nothing in the database.
   */
  stale?(before: Date): Promise<{ folders: string[]; temporaries: string[] }>;
}

/** Bytes in the rows, as before the directory existed. */
export const databaseBytes: MediaBytes = {
  where: "database",
  put: async (_key, bytes) => bytes,
  get: async (_key, column) => (column ? Buffer.from(column) : null),
  drop: async () => {},
};

/** DATA_DIR/media/<hash>/original and DATA_DIR/media/<hash>/<width>.<ext>: one folder per picture. */
export function directoryBytes(root: string): MediaBytes {
  const folder = (hash: string) => {
    // The hash names a folder: never anything but 32 hex digits (no "..", no separator).
    if (!HASH.test(hash)) throw new Error(`not a media hash: ${hash}`);
    return path.join(root, hash);
  };
  const file = (key: BytesKey) =>
    path.join(folder(key.hash), "width" in key ? `${key.width}.${MEDIA_EXTENSIONS[key.format]}` : "original");
  return {
    where: root,
    async put(key, bytes) {
      const target = file(key);
      await mkdir(path.dirname(target), { recursive: true });
      // Written under a temporary name then renamed: a reader (or a crash) never sees half a file.
      const temporary = `${target}.${randomBytes(6).toString("hex")}.tmp`;
      try {
        await writeFile(temporary, bytes);
        await rename(temporary, target);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
      return null;
    },
    async get(key, column) {
      if (column) return Buffer.from(column);
      try {
        return await readFile(file(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async drop(hash) {
      await rm(folder(hash), { recursive: true, force: true });
    },
    async stale(before) {
      const found = { folders: [] as string[], temporaries: [] as string[] };
      const entries = await readdir(root, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
        if (error.code === "ENOENT") return [];
        throw error;
      });
      for (const entry of entries) {
        if (!entry.isDirectory() || !HASH.test(entry.name)) continue;
        const dir = path.join(root, entry.name);
        let newest = (await stat(dir)).mtimeMs;
        for (const name of await readdir(dir)) {
          const modified = (await stat(path.join(dir, name)).catch(() => null))?.mtimeMs ?? 0;
          newest = Math.max(newest, modified);
          if (name.endsWith(".tmp") && modified < before.getTime())
            found.temporaries.push(path.join(dir, name));
        }
        if (newest < before.getTime()) found.folders.push(entry.name);
      }
      return found;
    },
  };
}

/**
 * The place chosen for this process: MEDIA_DIR when set (on PostgreSQL, shared storage every
 * instance mounts), else DATA_DIR/media on the embedded database, else the database.
 */
export function mediaBytesFor(
  config: Pick<AppRuntime["config"], "mediaDir" | "dataDir">,
  driver: "pglite" | "pg",
): MediaBytes {
  if (config.mediaDir) return directoryBytes(config.mediaDir);
  return driver === "pglite" ? directoryBytes(path.join(config.dataDir, "media")) : databaseBytes;
}

const chosen = new WeakMap<AppRuntime, MediaBytes>();

/** The runtime's place for picture bytes (see mediaBytesFor), the same object for every request. */
export function mediaBytes(app: AppRuntime): MediaBytes {
  let bytes = chosen.get(app);
  if (!bytes) {
    bytes = mediaBytesFor(app.config, app.database.driver);
    chosen.set(app, bytes);
  }
  return bytes;
}

/**
 * Serialises, within `tx`, everything that writes or removes the files of `hash` across the
 * instances sharing the database: an upload of those bytes, the making of a variant, the removal of
 * files nobody uses any more. Without it a deletion could remove the folder an upload of the same
 * bytes had just written.
 */
export async function lockHash(tx: Db, hash: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`media:${hash}`}))`);
}

/**
 * Once no image has the bytes `hash` any more (deleted, replaced, an upload that failed): drops
 * their variants' rows and their files. Does nothing while an image still has them.
 */
export async function releaseBytes(db: Db, bytes: MediaBytes, hash: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    await lockHash(tx, hash);
    const [used] = await tx.select({ id: media.id }).from(media).where(eq(media.hash, hash)).limit(1);
    if (used) return false;
    await tx.delete(mediaVariants).where(eq(mediaVariants.hash, hash));
    await bytes.drop(hash);
    return true;
  });
}

/**
 * How long an upload may take before what it left is an orphan: an upload or a variant being
 * written by another instance sharing the folder is far younger than this, a process killed
 * mid-write left files that will never be older than now.
 */
export const ORPHAN_GRACE_MS = 60 * 60_000;

/**
 * Removes what interrupted uploads left in a picture folder (a SIGKILL between writing a file and
 * its row): temporary files, and folders no image row points to, when nothing in them was written
 * in the last ORPHAN_GRACE_MS. Run at start. Answers how many of each were removed.
 */
export async function sweepOrphanedBytes(
  db: Db,
  bytes: MediaBytes,
  now = new Date(),
): Promise<{ folders: number; temporaries: number }> {
  const found = await bytes.stale?.(new Date(now.getTime() - ORPHAN_GRACE_MS));
  if (!found) return { folders: 0, temporaries: 0 };
  for (const file of found.temporaries) await rm(file, { force: true });
  const used = new Set<string>();
  // A batch at a time: a centre with thousands of pictures does not send one huge IN list.
  for (let i = 0; i < found.folders.length; i += 500) {
    const batch = found.folders.slice(i, i + 500);
    const rows = await db.select({ hash: media.hash }).from(media).where(inArray(media.hash, batch));
    for (const row of rows) used.add(row.hash);
  }
  let folders = 0;
  for (const hash of found.folders) {
    // releaseBytes checks the row again under the hash's lock: an upload of the same bytes that
    // committed since is kept.
    if (!used.has(hash) && (await releaseBytes(db, bytes, hash))) folders++;
  }
  return { folders, temporaries: found.temporaries.length };
}
