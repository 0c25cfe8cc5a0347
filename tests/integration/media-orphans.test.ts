// What an upload killed mid-write leaves in the picture folder (a temporary file of megabytes in a
// folder no image row points to) is removed when the server starts, once it is older than the grace
// period; what another instance may still be writing (younger) and every picture in use stay.
import { existsSync, mkdirSync, readdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { media } from "~/features/media/schema.server";
import { directoryBytes, ORPHAN_GRACE_MS, sweepOrphanedBytes } from "~/features/media/store.server";
import { DRIVER } from "../support/db";
import { setUpTestApp } from "../support/fixture";
import { scratchDir } from "../support/scratch";

const dir = scratchDir("cfa-orphans-");
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const hash = (c: string) => c.repeat(32);
const longAgo = new Date(Date.now() - ORPHAN_GRACE_MS - 60_000);

/** Writes `files` in the folder of `h`, all dated `when` (the folder too). */
function leave(h: string, files: Record<string, number>, when: Date) {
  const folder = path.join(dir, h);
  mkdirSync(folder, { recursive: true });
  for (const [name, size] of Object.entries(files)) {
    writeFileSync(path.join(folder, name), Buffer.alloc(size, 7));
    utimesSync(path.join(folder, name), when, when);
  }
  utimesSync(folder, when, when);
}

// Before the server starts: an upload killed an hour ago (7 MB never renamed, no row), and one being
// written right now by another instance.
leave(hash("a"), { "original.3f9c2a1b7d4e.tmp": 7_000_000 }, longAgo);
leave(hash("b"), { "original.0a1b2c3d4e5f.tmp": 1_000 }, new Date());
// MEDIA_DIR on both drivers: the same folder, whichever database.
const t = setUpTestApp({ MEDIA_DIR: dir });

describe(`orphaned picture files on ${DRIVER}`, () => {
  it("removes at start a killed upload's folder no row points to, and keeps one younger than the grace period", () => {
    expect(existsSync(path.join(dir, hash("a")))).toBe(false);
    expect(readdirSync(path.join(dir, hash("b")))).toEqual(["original.0a1b2c3d4e5f.tmp"]);
  });

  it("keeps a picture in use, removing only its stale temporary file; leaves other names alone", async () => {
    const used = hash("c");
    await t.app.db.insert(media).values({
      hash: used,
      content: null,
      format: "jpeg",
      width: 800,
      height: 600,
      size: 2_000,
      fileName: "salle.jpg",
      alt: "Une salle",
    });
    leave(used, { original: 2_000, "720.webp.9e8d7c6b5a40.tmp": 500 }, longAgo);
    mkdirSync(path.join(dir, "pas-un-hash"));
    expect(await sweepOrphanedBytes(t.app.db, directoryBytes(dir))).toEqual({ folders: 0, temporaries: 1 });
    expect(readdirSync(path.join(dir, used))).toEqual(["original"]);
    expect(existsSync(path.join(dir, "pas-un-hash"))).toBe(true);
    expect(existsSync(path.join(dir, hash("b")))).toBe(true);
  });
});
