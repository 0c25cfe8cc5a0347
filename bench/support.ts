import type { ChildProcess } from "node:child_process";

/** Waits until the server answers /healthz (30 s at most); kills it and throws otherwise. */
export async function waitHealthy(server: ChildProcess, base: string): Promise<ChildProcess> {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  server.kill("SIGTERM");
  throw new Error("le serveur n'a pas démarré");
}
