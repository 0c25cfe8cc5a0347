// The embedded database's lock names the pid that holds it: a server killed with SIGKILL whose parent
// (a shell, a supervisor) has not reaped it yet is a zombie, which still answers signal 0 but holds
// nothing. A restart at that moment must take the lock, not be refused.
import { spawn } from "node:child_process";
import { once } from "node:events";
import { readFileSync } from "node:fs";
import { describe, expect, it, onTestFinished } from "vitest";
import { processIsAlive } from "~/platform/process-alive.server";

/** The state letter /proc gives `pid` (R, S, Z…), or "" once it is gone. */
function stateOf(pid: number): string {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3);
  } catch {
    return "";
  }
}

describe.runIf(process.platform === "linux")("processIsAlive", () => {
  it("a process killed but not yet reaped by its parent (a zombie) is not alive; its parent is", async () => {
    // `sleep 60 &` is the child; `exec` turns the shell into a parent that never waits for it.
    const parent = spawn("sh", ["-c", "sleep 60 & echo $!; exec sleep 60"], {
      stdio: ["ignore", "pipe", "ignore"],
    });
    onTestFinished(() => {
      parent.kill("SIGKILL");
    });
    const [line] = (await once(parent.stdout, "data")) as [Buffer];
    const child = Number(line.toString().trim());
    expect(processIsAlive(child)).toBe(true);
    // Until the shell has become `sleep` (the exec), it may still reap its child itself, and the
    // child would be gone instead of a zombie: wait for the exec before the kill.
    const parentName = () => {
      try {
        return readFileSync(`/proc/${parent.pid}/comm`, "utf8").trim();
      } catch {
        return "";
      }
    };
    await expect.poll(parentName).toBe("sleep");

    process.kill(child, "SIGKILL");
    await expect.poll(() => stateOf(child)).toBe("Z");
    // Signal 0 still reaches a zombie: what the lock used to take for a running server.
    expect(() => process.kill(child, 0)).not.toThrow();
    expect(processIsAlive(child)).toBe(false);
    expect(processIsAlive(parent.pid ?? 0)).toBe(true);
  });

  it("a pid nobody has is not alive; this process is", () => {
    expect(processIsAlive(process.pid)).toBe(true);
    expect(processIsAlive(2 ** 22 + 1)).toBe(false);
  });
});
