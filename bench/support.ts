import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os, { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";

/** Waits until the server answers /healthz (60 s at most: the machine may be busy); kills it and throws otherwise. */
async function waitHealthy(server: ChildProcess, base: string): Promise<ChildProcess> {
  for (let i = 0; i < 240; i++) {
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

/**
 * Replaces the section of docs/benchmarks.md that starts with `## title` (up to the next `## `
 * heading) by `lines`, or appends it: each benchmark keeps the others' sections.
 */
export function writeBenchmarkSection(title: string, lines: string[]): void {
  const file = "docs/benchmarks.md";
  const current = existsSync(file) ? readFileSync(file, "utf8") : "# Mesures\n";
  // Ends with a blank line, so the next section's heading stays apart from this one's last line.
  const section = `${[`## ${title}`, ...lines].join("\n").trimEnd()}\n`;
  const escaped = title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const pattern = new RegExp(`## ${escaped}\\n[\\s\\S]*?(?=\\n## |$)`);
  const next = pattern.test(current)
    ? current.replace(pattern, section)
    : `${current.trimEnd()}\n\n${section}\n`;
  writeFileSync(file, next.endsWith("\n") ? next : `${next}\n`);
}

/** When and where a benchmark ran, and how busy the machine was (other work skews the figures). */
export function machineLine(): string {
  const cpus = os.cpus();
  const when = new Date().toLocaleString("fr-FR", { timeZone: "Europe/Paris" });
  return `${when} sur ${cpus.length} cœurs (${cpus[0]?.model ?? "?"}), ${Math.round(os.totalmem() / 2 ** 30)} Go de mémoire, Node ${process.version}, charge moyenne ${os.loadavg()[0]?.toFixed(1)} au départ (machine partagée)`;
}

/** A throwaway PostgreSQL database on the local server; `drop()` removes it. */
export async function throwawayDatabase(prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
  const name = `${prefix}_${randomBytes(4).toString("hex")}`;
  const run = async (text: string) => {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  await run(`create database ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}
