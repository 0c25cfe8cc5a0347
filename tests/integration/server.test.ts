import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { setUpProductionBuild } from "../support/build";
import { DRIVER } from "../support/db";
import { scratchDir } from "../support/scratch";

// The production server as an operator runs it: `node server.js` on a built tree, PGlite in DATA_DIR.
const buildDir = process.env.BUILD_DIR ?? "build";
const dataDir = scratchDir("cfa-server-");
let nextPort = 3900 + Math.floor(Math.random() * 50);

interface Running {
  child: ChildProcess;
  port: number;
  output: () => string;
  exited: Promise<number | null>;
}

function start(env: Record<string, string> = {}): Running {
  const port = nextPort++;
  let output = "";
  const child = spawn(process.execPath, ["server.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      DATA_DIR: dataDir,
      BUILD_DIR: buildDir,
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr?.on("data", (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, port, output: () => output, exited };
}

async function waitHealthy(server: Running, timeoutMs = 30_000): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    try {
      const res = await fetch(`http://127.0.0.1:${server.port}/healthz`);
      if (res.status === 200) return Date.now() - started;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`server not healthy: ${server.output()}`);
}

async function signIn(port: number, email: string, password: string) {
  const res = await fetch(`http://127.0.0.1:${port}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: `http://127.0.0.1:${port}` },
    body: JSON.stringify({ email, password }),
  });
  return { status: res.status, body: (await res.json()) as { code?: string } };
}

setUpProductionBuild();

const running: Running[] = [];
afterAll(() => {
  for (const r of running) r.child.kill("SIGKILL");
});

// It starts `node server.js` on the embedded database whatever DB_DRIVER says: in the PostgreSQL run it
// would only repeat the same tests (75 s on a loaded machine), so it runs in the PGlite run alone.
describe.skipIf(DRIVER === "pg")("the production server", () => {
  it("stops at once with one clear line naming a bad variable", async () => {
    const server = start({ PORT: "pas-un-port" });
    expect(await server.exited).toBe(1);
    const lines = server.output().trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Configuration invalide : PORT /);
  });

  it("serves, stops cleanly on SIGTERM, and keeps every account after a restart", async () => {
    const env = {
      ADMIN_EMAIL: "direction@centre.test",
      ADMIN_PASSWORD: "mot-de-passe-admin",
      AUTH_RATE_LIMIT: "false",
    };
    const first = start(env);
    running.push(first);
    await waitHealthy(first);
    const home = await fetch(`http://127.0.0.1:${first.port}/`);
    expect(home.status).toBe(200);
    // Rendered into the page cache before the port opened: a burst of visitors after a restart
    // gets copies instead of all waiting for one render on a cold process.
    expect(home.headers.get("x-cache")).toBe("HIT");
    const html = await home.text();
    expect(html).toContain('<html lang="fr"');
    // Readable before any script: the content is in the HTML, no modulepreload holds back the paint.
    expect(html).toContain("Révélez votre potentiel");
    expect(html).not.toContain('rel="modulepreload"');
    // The hydration script, carrying the page's Content-Security-Policy nonce.
    expect(html).toMatch(/<script nonce="[A-Za-z0-9+/=]+" type="module"/);
    const missing = await fetch(`http://127.0.0.1:${first.port}/nulle-part`);
    expect(missing.status).toBe(404);
    expect(first.output()).toContain("/nulle-part");

    const signUp = await fetch(`http://127.0.0.1:${first.port}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: `http://127.0.0.1:${first.port}` },
      body: JSON.stringify({
        email: "persistant@example.test",
        password: "secret1",
        name: "P",
        firstName: "Paul",
        lastName: "Persistant",
      }),
    });
    expect(signUp.status).toBe(200);

    first.child.kill("SIGTERM");
    expect(await first.exited).toBe(0);
    expect(existsSync(path.join(dataDir, "db.lock"))).toBe(false);

    const second = start(env);
    running.push(second);
    await waitHealthy(second);
    // The account is still there (not confirmed yet), and so is the admin.
    expect((await signIn(second.port, "persistant@example.test", "secret1")).body.code).toBe(
      "EMAIL_NOT_VERIFIED",
    );
    expect((await signIn(second.port, "direction@centre.test", "mot-de-passe-admin")).status).toBe(200);

    // A second process on the same embedded database is refused instead of corrupting it.
    const intruder = start(env);
    expect(await intruder.exited).not.toBe(0);
    expect(intruder.output()).toContain("déjà ouverte par le processus");

    second.child.kill("SIGTERM");
    expect(await second.exited).toBe(0);
  }, 90_000);

  it("first start copies the build's empty database, then seeds it and writes its own admin and secret", async () => {
    const template = path.join(buildDir, "server", "pgdata-template");
    expect(existsSync(path.join(template, "PG_VERSION"))).toBe(true);
    const fingerprint = () =>
      readdirSync(template, { recursive: true, withFileTypes: true })
        .filter((f) => f.isFile())
        .map((f) => `${path.join(f.parentPath, f.name)}:${statSync(path.join(f.parentPath, f.name)).size}`)
        .sort()
        .join("\n");
    const before = fingerprint();
    const installs = ["un", "deux"].map((name) => ({
      dir: scratchDir(`cfa-install-${name}-`),
      email: `direction-${name}@centre.test`,
    }));
    for (const install of installs) {
      const server = start({
        DATA_DIR: install.dir,
        ADMIN_EMAIL: install.email,
        ADMIN_PASSWORD: "mot-de-passe-admin",
        AUTH_RATE_LIMIT: "false",
      });
      running.push(server);
      await waitHealthy(server, 60_000);
      // Every migration of this build applied, the catalogue seeded, this install's admin only.
      expect((await fetch(`http://127.0.0.1:${server.port}/readyz`)).status).toBe(200);
      expect(await (await fetch(`http://127.0.0.1:${server.port}/formations`)).text()).toContain(
        "TP Assistant Ressources Humaines",
      );
      expect((await signIn(server.port, install.email, "mot-de-passe-admin")).status).toBe(200);
      const other = installs.find((i) => i !== install)?.email ?? "";
      expect((await signIn(server.port, other, "mot-de-passe-admin")).status).toBe(401);
      server.child.kill("SIGTERM");
      expect(await server.exited).toBe(0);
    }
    const [one, two] = installs.map((i) => readFileSync(path.join(i.dir, "auth-secret"), "utf8"));
    expect(one).not.toBe(two);
    // The template itself is never opened: the servers wrote into their own copies.
    expect(fingerprint()).toBe(before);
  }, 150_000);

  it("runs a build named by its absolute path (BUILD_DIR=/srv/…/build)", async () => {
    const server = start({ BUILD_DIR: path.resolve(buildDir) });
    running.push(server);
    await waitHealthy(server, 60_000);
    const home = await fetch(`http://127.0.0.1:${server.port}/`);
    expect(home.status).toBe(200);
    // The page's own script comes from that build too.
    const script = /"(\/assets\/[^"]+\.js)"/.exec(await home.text())?.[1];
    expect(script).toBeDefined();
    expect((await fetch(`http://127.0.0.1:${server.port}${script}`)).status).toBe(200);
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
  }, 90_000);
});
