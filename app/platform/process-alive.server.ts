import { readFileSync } from "node:fs";

/**
 * Whether the process `pid` is running. Signal 0 checks without sending anything; EPERM means it
 * runs under another user. A zombie (state Z, or X while it is being reaped: killed, not yet waited
 * for by its parent) still answers signal 0 but holds nothing: right after a SIGKILL, a restart
 * would otherwise be refused until the parent reaps it. Used where a pid written in a file claims a
 * folder: the embedded database's lock, the tests' scratch folders.
 */
export function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EPERM") return false;
  }
  return !finished(pid);
}

/** Whether Linux's /proc says `pid` has ended (false where there is no /proc to ask). */
function finished(pid: number): boolean {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch (error) {
    // Gone between the signal and the read: ended. Elsewhere (no /proc): the signal's answer stands.
    return (error as NodeJS.ErrnoException).code === "ENOENT" && process.platform === "linux";
  }
  // "<pid> (<command, which may hold spaces and parentheses>) <state> …": the state follows the last ')'.
  const state = stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3);
  return state === "Z" || state === "X";
}
