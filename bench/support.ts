import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/** Waits until the server answers /healthz (30 s at most); kills it and throws otherwise. */
async function waitHealthy(server: ChildProcess, base: string): Promise<ChildProcess> {
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

/**
 * Starts the production server (`node server.js`, which builds BUILD_DIR itself when missing) on
 * `port` with a fresh DATA_DIR, and resolves once it is healthy.
 */
export function startBenchServer(port: number, env: Record<string, string> = {}): Promise<ChildProcess> {
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ["server.js"], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "cfa-bench-")),
      PUBLIC_URL: base,
      LOG_LEVEL: "error",
      NODE_ENV: "production",
      ...env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  return waitHealthy(server, base);
}
