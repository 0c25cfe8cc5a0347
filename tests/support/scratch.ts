import { accessSync, constants, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { processIsAlive } from "../../app/platform/process-alive.server";

/**
 * Where tests put what they throw away: their databases' data folders, a server's DATA_DIR, generated
 * files. In memory (/dev/shm, a tmpfs on Linux) when the machine has one, else the system's temporary
 * folder. PGlite and PostgreSQL flush their files to disk at each commit and at close; on a
 * disk-backed /tmp those flushes were waits (closing a test file's PGlite copy took 1.3 s, of which
 * 0.1 s of CPU; 30 ms on tmpfs) and the PGlite suite ran in 218 s instead of 171 s for the same CPU.
 * A test that kills a server loses nothing more on tmpfs: the files outlive the process, as on a disk.
 */
function scratchBase(): string {
  try {
    if (!statSync("/dev/shm").isDirectory()) return tmpdir();
    accessSync("/dev/shm", constants.W_OK);
    return "/dev/shm";
  } catch {
    return tmpdir();
  }
}

const BASE = scratchBase();
const PREFIX = "cfa-tests-";

/**
 * Removes the scratch folders of test processes that have ended. Memory-backed, a folder left behind
 * would hold its share of RAM until the machine restarts, and test runners end their workers without
 * letting them clean up: each process's folder is named after its pid, and whoever comes next (a
 * run's global teardown, the next process to make a folder) removes those whose process is gone.
 */
export function sweepScratch(): void {
  for (const name of readdirSync(BASE)) {
    const pid = name.startsWith(PREFIX) ? Number.parseInt(name.slice(PREFIX.length), 10) : 0;
    if (!pid || pid === process.pid || processIsAlive(pid)) continue;
    rmSync(path.join(BASE, name), { recursive: true, force: true });
  }
}

let root: string | undefined;
let removedAtExit = false;

function processRoot(): string {
  if (!root) {
    sweepScratch();
    root = mkdtempSync(path.join(BASE, `${PREFIX}${process.pid}-`));
    // One listener per process, removing whichever folder is current then: a worker runs many files,
    // each making a new folder after removeScratch, and a listener per folder passed Node's limit of
    // ten (MaxListenersExceededWarning).
    if (!removedAtExit) {
      removedAtExit = true;
      process.once("exit", () => removeScratch());
    }
  }
  return root;
}

/**
 * Removes every folder this process has made so far. Vitest runs it after each test file (see
 * tests/support/scratch-cleanup.ts): a file's databases and servers are closed by then, and a worker
 * runs many files.
 */
export function removeScratch(): void {
  if (root) rmSync(root, { recursive: true, force: true });
  root = undefined;
}

/** A new, empty folder for a test's throwaway files, its name starting with `prefix`. */
export function scratchDir(prefix: string): string {
  return mkdtempSync(path.join(processRoot(), prefix));
}
