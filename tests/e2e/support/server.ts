import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { cpSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import pg from "pg";
import { ADMIN, SMTP_PORT } from "../../../playwright.config";
import { scratchDir } from "../../support/scratch";

/**
 * A built server (node server.js) on an embedded database of its own, seeded with the demo centre (a
 * copy of the run's data template when there is one).
 */
export interface TestServer {
  url: string;
  stop(): Promise<void>;
  /** Started with `clock`: sets how far ahead of the machine's clock the server's wall clock reads. */
  setClockOffset?(ms: number): Promise<void>;
}

export interface ServerOptions {
  /** A wall clock the spec can move forward (./server-clock.mjs), for what waits for a date. */
  clock?: boolean;
  /**
   * Serves a spec or two, then stops. V8 compiles PGlite's WebAssembly with Liftoff, its quick
   * baseline compiler, then compiles the functions that run often again with TurboFan, in the
   * background: worth it for a server that runs through the suite, not for one that lives a minute.
   * Such a server runs with `--liftoff-only`: a start 6.0 → 3.9 CPU-s, and the 13 specs with a server
   * of their own 351 → 261 CPU-s (312 → 274 measured again in the other order); the shared servers
   * keep TurboFan (75 of their tests: 200 CPU-s with it, 212 without).
   */
  shortLived?: boolean;
  /**
   * A real centre's first start: a new, empty database on the PostgreSQL server (TEST_DATABASE_URL,
   * else 127.0.0.1:5432 with trust auth), DEMO_DATA=off, and then this SQL run on it once migrated
   * (the centre's identity, a formation of its own), dropped again with the server. Its page cache is
   * off: rows written behind the server's back announce no change to it.
   */
  postgres?: { setUp: string };
}

const PG_ADMIN_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

async function pgQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** A new, empty database on the PostgreSQL server: its URL, and how to drop it. */
async function freshPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `e2e_${randomBytes(6).toString("hex")}`;
  await pgQuery(PG_ADMIN_URL, `create database ${name}`);
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => pgQuery(PG_ADMIN_URL, `drop database if exists ${name} with (force)`),
  };
}

const CLOCK_MODULE = new URL("./server-clock.mjs", import.meta.url).href;

/**
 * The run's first server port, drawn by the global set-up (see serverPort); workers inherit it.
 */
export const PORT_BASE_ENV = "E2E_SERVER_PORT_BASE";
const PORTS_PER_WORKER = 40;
const BLOCKS = 50;

/** Between 10 000 and 28 000: below the kernel's ephemeral range (32 768 and up on Linux). */
export function drawPortBase(): number {
  return 10_000 + Math.floor(Math.random() * 18_000);
}

/** Whether nothing listens on `port` now (on every address, as the server will listen). */
function isFree(port: number): Promise<boolean> {
  const probe = createServer();
  return new Promise((resolve) => {
    probe.once("error", () => resolve(false));
    probe.listen(port, () => probe.close(() => resolve(true)));
  });
}

let taken = 0;

/**
 * A port for the next server this process starts. Not one the kernel picks (listen on port 0, then
 * close): a server binds its port seconds later, once its modules and database are loaded, and
 * meanwhile the kernel could hand the same port to another worker's probe or to any outgoing
 * connection. Seen once: a server died with EADDRINUSE while the other one, on its port, answered its
 * health check, and a spec ran against another spec's server until that one stopped. Each worker
 * (Playwright's TEST_WORKER_INDEX; the global set-up's template server has block 0) takes ports from
 * a block of its own above a base drawn per run, outside the kernel's range, so no two servers of a
 * run share one; each is still probed, for other programs and other runs.
 */
async function serverPort(): Promise<number> {
  const base = Number(process.env[PORT_BASE_ENV] ?? 20_000);
  const worker = process.env.TEST_WORKER_INDEX;
  const block = worker === undefined ? 0 : 1 + (Number(worker) % (BLOCKS - 1));
  for (let tries = 0; tries < PORTS_PER_WORKER; tries++) {
    const port = base + block * PORTS_PER_WORKER + (taken++ % PORTS_PER_WORKER);
    if (await isFree(port)) return port;
  }
  throw new Error(`no free port between ${base + block * PORTS_PER_WORKER} and the next ${PORTS_PER_WORKER}`);
}

const STARTUP_MS = 90_000;

/**
 * The run's migrated, seeded data folder (made once by ./global-setup.ts): each server starts on a
 * copy of it instead of initialising, migrating and seeding a database of its own.
 */
export const DATA_TEMPLATE_ENV = "E2E_DATA_TEMPLATE";

// Written by each start, never shared: every server keeps its own auth secret.
const NOT_IN_TEMPLATE = ["auth-secret"];

interface Launched {
  url: string;
  child: ChildProcess;
  /** SIGTERM, then waits for the exit (the database flushed). */
  kill(): Promise<void>;
}

/** Spawns the built server on `dataDir` and waits until it answers. */
async function launch(
  label: string,
  dataDir: string,
  extraEnv: Record<string, string>,
  options: ServerOptions,
) {
  const port = await serverPort();
  const url = `http://127.0.0.1:${port}`;
  const args = [
    ...(options.shortLived ? ["--liftoff-only"] : []),
    ...(options.clock ? ["--import", CLOCK_MODULE] : []),
    "server.js",
  ];
  const child: ChildProcess = spawn(process.execPath, args, {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      CONTACT_NOTIFY_EMAIL: "equipe@centre.test",
      // Every e2e request comes from 127.0.0.1: the limits are tested in the integration suite.
      AUTH_RATE_LIMIT: "false",
      FORM_RATE_LIMIT: "0",
      LOG_LEVEL: "warn",
      // The specs read the demonstration centre (catalogue, articles, testimonials): asked for, not implied.
      DEMO_DATA: "on",
      ...extraEnv,
    },
    stdio: options.clock ? ["ignore", "ignore", "inherit", "ipc"] : ["ignore", "ignore", "inherit"],
  });
  let exitCode: number | null = null;
  const exited = new Promise<void>((resolve) =>
    child.once("exit", (code) => {
      exitCode = code ?? -1;
      resolve();
    }),
  );
  const kill = async () => {
    if (exitCode === null) {
      child.kill("SIGTERM");
      await exited;
    }
  };
  const deadline = Date.now() + STARTUP_MS;
  while (Date.now() < deadline) {
    if (exitCode !== null) break;
    const up = await fetch(`${url}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) {
      // One page rendered before the first test: a cold server's first render (modules loaded, page
      // cache filled) belongs to the start, not to the first test's 30 s.
      await fetch(`${url}/`).then((response) => response.text());
      return { url, child, kill } satisfies Launched;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await kill();
  throw new Error(`the ${label} test server did not start (exit code ${exitCode ?? "none"})`);
}

/**
 * Makes the run's data template: one server started on an empty folder (migrations, demo centre,
 * administrator), then stopped. Returns the folder.
 */
export async function makeDataTemplate(): Promise<string> {
  const dir = scratchDir("cfa-e2e-template-");
  try {
    const server = await launch("template", dir, {}, { shortLived: true });
    await server.kill();
    for (const name of NOT_IN_TEMPLATE) rmSync(path.join(dir, name), { force: true });
    return dir;
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

export async function startServer(
  label: string,
  extraEnv: Record<string, string> = {},
  options: ServerOptions = {},
): Promise<TestServer> {
  const dataDir = scratchDir(`cfa-e2e-${label}-`);
  const template = process.env[DATA_TEMPLATE_ENV];
  // A copy of its own: what a test writes (rows, media under DATA_DIR/media) stays on this server.
  if (template && !options.postgres) cpSync(template, dataDir, { recursive: true });
  const database = options.postgres ? await freshPostgresDatabase() : null;
  const env = database
    ? { ...extraEnv, DATABASE_URL: database.url, DEMO_DATA: "off", PAGE_CACHE_MAX_MB: "0" }
    : extraEnv;
  let server: Launched;
  try {
    server = await launch(label, dataDir, env, options);
    if (database && options.postgres) await pgQuery(database.url, options.postgres.setUp);
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    await database?.drop();
    throw error;
  }
  const { url, child } = server;
  const stop = async () => {
    await server.kill();
    rmSync(dataDir, { recursive: true, force: true });
    await database?.drop();
  };
  return options.clock ? { url, stop, setClockOffset: (ms) => setClockOffset(child, ms) } : { url, stop };
}

/** Sends the offset to ./server-clock.mjs in the child, and waits for it to be in force. */
function setClockOffset(child: ChildProcess, ms: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const acknowledged = (message: unknown) => {
      if ((message as { clockOffsetMs?: number })?.clockOffsetMs !== ms) return;
      child.off("message", acknowledged);
      resolve();
    };
    child.on("message", acknowledged);
    child.send({ clockOffsetMs: ms }, (error) => {
      if (error) {
        child.off("message", acknowledged);
        reject(error);
      }
    });
  });
}

/**
 * The servers of one Playwright worker: one shared by every spec the worker runs, started with the
 * worker, and one per spec file that asked for its own (it changes what every page shows), started
 * on that file's first test in this worker and stopped when the worker moves on to another file (see
 * `stopOthers`).
 */
export class ServerPool {
  private readonly servers = new Map<string, Promise<TestServer>>();

  constructor(private readonly worker: number) {}

  server(key: string, options: ServerOptions = {}): Promise<TestServer> {
    let server = this.servers.get(key);
    if (!server) {
      const label = key === SHARED ? `w${this.worker}` : `w${this.worker}-${path.basename(key, ".spec.ts")}`;
      server = startServer(label, {}, options);
      this.servers.set(key, server);
    }
    return server;
  }

  /**
   * Stops the servers of spec files other than `file`, which the worker now runs a test of. Playwright
   * hands out a run's tests in file order, so a worker that has moved on to another file gets no test
   * of theirs again (a retry runs in a new worker); kept to the end, each would still poll its outbox
   * and run its schedules, about a CPU-second a minute.
   */
  async stopOthers(file: string): Promise<void> {
    const others = [...this.servers].filter(([key]) => key !== SHARED && key !== file);
    for (const [key] of others) this.servers.delete(key);
    await Promise.all(
      others.map(([, server]) =>
        server.then(
          (s) => s.stop(),
          () => undefined,
        ),
      ),
    );
  }

  /** The addresses of the servers running now (a server that failed to start has none). */
  async urls(): Promise<string[]> {
    const started = await Promise.allSettled(this.servers.values());
    return started.flatMap((s) => (s.status === "fulfilled" ? [s.value.url] : []));
  }

  url(key: string, options: ServerOptions = {}): Promise<string> {
    return this.server(key, options).then((s) => s.url);
  }

  async stopAll() {
    const all = [...this.servers.values()];
    this.servers.clear();
    await Promise.all(
      all.map((s) =>
        s.then(
          (server) => server.stop(),
          () => undefined,
        ),
      ),
    );
  }
}

export const SHARED = "shared";
