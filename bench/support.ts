import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os, { tmpdir } from "node:os";
import path from "node:path";
import type { RequestSpec } from "autocannon";
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
 * `port` with a fresh DATA_DIR, and resolves once it is healthy. `node` is another Node binary to
 * run it with (scripts/node-versions.ts); the one running this code by default.
 */
export function startBenchServer(
  port: number,
  env: Record<string, string> = {},
  node = process.execPath,
): Promise<ChildProcess> {
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(node, ["server.js"], {
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

/** One statement on its own connection (benchmarks read counts while the server runs). */
export async function sql<T = Record<string, unknown>>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows as T[];
  } finally {
    await client.end();
  }
}

/** The `p`th percentile of ascending `sorted` (nearest rank); NaN when there is no sample. */
export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/** Polls `check` every second for `seconds` at most; its last answer. */
export async function waitFor(check: () => Promise<boolean>, seconds: number): Promise<boolean> {
  const end = Date.now() + seconds * 1000;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 1000));
  }
  return check();
}

/**
 * autocannon stops without waiting for the requests still in flight; the server finishes them.
 * Waits until `countQuery` gives the same number twice in a row, and returns it.
 */
export async function settledCount(databaseUrl: string, countQuery: string): Promise<number> {
  let settled = -1;
  await waitFor(async () => {
    const [now] = await sql<{ n: number }>(databaseUrl, countQuery);
    const stable = now?.n === settled;
    settled = now?.n ?? 0;
    return stable;
  }, 60);
  return settled;
}

/** A valid contact form submission, urlencoded; `n` varies the subject and the formation. */
export function contactFormBody(email: string, n: number): string {
  return new URLSearchParams({
    firstName: "Charge",
    lastName: `Essai${n}`,
    email,
    phone: "06 12 34 56 78",
    subject: n % 3 === 0 ? "rdv" : "information",
    formation: n % 2 === 0 ? "formation-wordpress" : "",
    message: `Demande numéro ${n} envoyée pendant un banc d'essai, assez longue pour être valide.`,
  }).toString();
}

/**
 * The contact form as the browser posts it with JavaScript (React Router's single-fetch action
 * endpoint), each submission with its own e-mail `<prefix>.<n>@example.test`; `onAnswer` learns
 * which e-mail was acknowledged with 'Message envoyé !'.
 */
export function contactFormPosts(
  base: string,
  prefix: string,
  onAnswer: (status: number, acknowledged: string | null) => void,
): RequestSpec {
  let sequence = 0;
  return {
    method: "POST",
    path: "/contact.data",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: base },
    setupRequest: (request, context) => {
      const n = ++sequence;
      context.email = `${prefix}.${n}@example.test`;
      return { ...request, body: contactFormBody(context.email, n) };
    },
    onResponse: (status, body, context) => {
      const ok = status === 200 && body.includes("Message envoyé !") && Boolean(context.email);
      onAnswer(status, ok ? (context.email ?? null) : null);
    },
  };
}

/** A throwaway PostgreSQL database on the local server; `drop()` removes it. */
export async function throwawayDatabase(prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
  const name = `${prefix}_${randomBytes(4).toString("hex")}`;
  await sql(admin, `create database ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => sql(admin, `drop database if exists ${name} with (force)`).then(() => {}),
  };
}
