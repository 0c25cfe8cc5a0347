/**
 * Whether the process `pid` is running. Signal 0 checks without sending anything; EPERM means it
 * runs under another user. Used where a pid written in a file claims a folder: the embedded
 * database's lock, the tests' scratch folders.
 */
export function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
