import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os, { tmpdir } from "node:os";
import path from "node:path";
import type { RequestSpec } from "autocannon";
import pg from "pg";
import { CONTACT_MESSAGES } from "../app/features/leads/content";

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
 * run it with (scripts/node-versions.ts); the one running this code by default. `nodeArgs` go to
 * Node before the script (`--cpu-prof`, which NODE_OPTIONS does not accept).
 */
export function startBenchServer(
  port: number,
  env: Record<string, string> = {},
  node = process.execPath,
  nodeArgs: string[] = [],
): Promise<ChildProcess> {
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(node, [...nodeArgs, "server.js"], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "cfa-bench-")),
      PUBLIC_URL: base,
      LOG_LEVEL: "error",
      NODE_ENV: "production",
      // The benchmarks read the demonstration centre's catalogue and sessions, on PostgreSQL too.
      DEMO_DATA: "on",
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

/**
 * The lines of docs/benchmarks.md's section `## title` (without its heading), to keep them under a
 * new dated subsection; none when the section is not there.
 */
export function benchmarkSectionBody(title: string): string[] {
  const file = "docs/benchmarks.md";
  const current = existsSync(file) ? readFileSync(file, "utf8") : "";
  const escaped = title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const found = new RegExp(`## ${escaped}\\n([\\s\\S]*?)(?=\\n## |$)`).exec(current);
  return found?.[1] ? found[1].trimEnd().split("\n") : [];
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
 * which e-mail was acknowledged with the form's success message.
 */
export function contactFormSubmissions(
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
      const ok = status === 200 && body.includes(CONTACT_MESSAGES.success.title) && Boolean(context.email);
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

/** The seed's first open session, and its formation's slug: where a bench's candidates apply. */
export async function openSession(databaseUrl: string): Promise<{ id: string; slug: string }> {
  const [target] = await sql<{ id: string; slug: string }>(
    databaseUrl,
    `select s.id, f.slug from formation_sessions s join formations f on f.id = s.formation_id
     where f.active and not s.closed and s.start_date > current_date
     order by s.start_date limit 1`,
  );
  if (!target) throw new Error("aucune session ouverte dans la base de démonstration");
  return target;
}

/**
 * A PDF of exactly `bytes`. A real CV's PDF is mostly compressed streams: random bytes after the
 * header, so that the database cannot shrink the file either and the growth measured is real.
 */
export function pdfOfSize(bytes: number): Buffer {
  const head = Buffer.from("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n", "latin1");
  const tail = Buffer.from("\ntrailer<</Root 1 0 R>>\n%%EOF\n");
  return Buffer.concat([head, randomBytes(bytes - head.length - tail.length), tail]);
}

/**
 * Posts the application form as a browser without JavaScript does (multipart, `cv` as the CV) for
 * `session`, candidate number `n`. Acknowledged means the 303 to 'Candidature envoyée', which the
 * server gives only after the commit.
 */
export async function postApplication(
  base: string,
  session: { id: string; slug: string },
  n: number,
  cv: Buffer,
  origin = base,
): Promise<{ status: number; acknowledged: boolean; body: string }> {
  const form = new FormData();
  const fields = {
    session: session.id,
    firstName: "Candidat",
    lastName: `Essai${n}`,
    email: `candidat.${n}@example.test`,
    phone: "06 12 34 56 78",
    situation: "demandeur_emploi",
    financing: "cpf",
    lastDiploma: "Baccalauréat",
    motivation: `Candidature numéro ${n} envoyée pendant un banc d'essai des candidatures.`,
    consent: "on",
  };
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  form.set("cv", new File([new Uint8Array(cv)], `cv-${n}.pdf`, { type: "application/pdf" }));
  const response = await fetch(`${base}/formation/${session.slug}/candidature?session=${session.id}`, {
    method: "POST",
    headers: { origin },
    body: form,
    redirect: "manual",
  });
  const body = await response.text();
  const acknowledged =
    response.status === 303 && (response.headers.get("location") ?? "").includes("/envoyee");
  return { status: response.status, acknowledged, body };
}

const CHROME_FLAGS =
  "--headless --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --no-first-run --disable-sync";

export interface LighthouseScores {
  path: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  cls: number;
}

/** Lighthouse (mobile, from npm through npx so it stays out of the app's dependencies) driving /usr/bin/chromium on `base` + `pagePath`. */
export function lighthouse(base: string, pagePath: string): LighthouseScores {
  const output = execFileSync(
    "npx",
    [
      "-y",
      "lighthouse@13.5.0",
      `${base}${pagePath}`,
      "--output=json",
      "--quiet",
      `--chrome-flags=${CHROME_FLAGS}`,
    ],
    { env: { ...process.env, CHROME_PATH: "/usr/bin/chromium" }, maxBuffer: 64 * 1024 * 1024 },
  ).toString();
  const report = JSON.parse(output) as {
    categories: Record<string, { score: number }>;
    audits: Record<string, { numericValue: number }>;
  };
  const score = (name: string) => Math.round((report.categories[name]?.score ?? 0) * 100);
  return {
    path: pagePath,
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    lcpMs: Math.round(report.audits["largest-contentful-paint"]?.numericValue ?? 0),
    cls: report.audits["cumulative-layout-shift"]?.numericValue ?? 0,
  };
}

/**
 * This process's memory sampled every 20 ms from now: `stop()` answers what it was at the start and
 * at its highest (RSS and heap, in Mo), for a child process measuring one piece of work.
 */
export function memorySampler(): { stop(): { startRssMb: number; peakRssMb: number; peakHeapMb: number } } {
  const startRss = process.memoryUsage().rss;
  let peakRss = startRss;
  let peakHeap = process.memoryUsage().heapUsed;
  const timer = setInterval(() => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  }, 20);
  return {
    stop() {
      clearInterval(timer);
      return { startRssMb: startRss / 2 ** 20, peakRssMb: peakRss / 2 ** 20, peakHeapMb: peakHeap / 2 ** 20 };
    },
  };
}
