// The test command's check that the site runs on every Node line `engines` accepts, not only on the
// one running the tests: for each range of package.json's `engines` ("^20.19.0 || ^22.12.0 || …")
// whose major is not the running one, its lowest version (the one `engines` promises) starts the
// built server on a fresh embedded database, which must answer /readyz, a public page and a contact
// form. The Node binaries come from the npm registry's `node-<platform>-<arch>` packages and are kept
// in ~/.cache/centre-formation/node-<version>, so only the first run downloads them.
// Run by scripts/test.sh after the production build: `npx tsx scripts/node-versions.ts`.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { CONTACT_MESSAGES } from "../app/features/leads/content";
import { contactFormBody, startBenchServer } from "../bench/support";

/** The lowest version of each `^X.Y.Z` alternative of an engines range. */
function engineFloors(range: string): string[] {
  return range.split("||").map((part) => {
    const match = /^\s*\^(\d+\.\d+\.\d+)\s*$/.exec(part);
    if (!match?.[1]) throw new Error(`engines.node: write each alternative as ^X.Y.Z (got "${part.trim()}")`);
    return match[1];
  });
}

/** The Node binary of `version`, from the cache or downloaded once from the registry. */
function nodeBinary(version: string): string {
  const cache = path.join(
    process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), ".cache"),
    "centre-formation",
  );
  const dir = path.join(cache, `node-${version}`);
  const bin = path.join(dir, "bin", "node");
  if (existsSync(bin)) return bin;
  mkdirSync(cache, { recursive: true });
  const work = mkdtempSync(path.join(cache, "download-"));
  try {
    const pkg = `node-${process.platform}-${process.arch}@${version}`;
    console.log(`Downloading ${pkg} from the npm registry (once, kept in ${dir})…`);
    const tarball = execFileSync("npm", ["pack", pkg, "--pack-destination", work, "--silent"], {
      encoding: "utf8",
    }).trim();
    // Only the binary: the package also carries npm, headers and docs (170 MB unpacked).
    execFileSync("tar", ["xzf", path.join(work, tarball), "-C", work, "package/bin/node"]);
    // Moved into place whole, so an interrupted download is never taken for a cached binary.
    renameSync(path.join(work, "package"), dir);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return bin;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address ? resolve(address.port) : reject()));
    });
  });
}

/** Starts the built server under `node` and checks what a first visitor needs; one line of result. */
async function smoke(version: string, node: string): Promise<string> {
  const reported = execFileSync(node, ["--version"], { encoding: "utf8" }).trim();
  if (reported !== `v${version}`) throw new Error(`${node} says ${reported}, expected v${version}`);
  const started = performance.now();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "cfa-node-versions-"));
  const server = await startBenchServer(port, { LOG_LEVEL: "warn", DATA_DIR: dataDir }, node);
  try {
    const ready = await fetch(`${base}/readyz`);
    if (ready.status !== 200) throw new Error(`/readyz answered ${ready.status}: ${await ready.text()}`);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const home = await fetch(`${base}/formations`);
    if (home.status !== 200) throw new Error(`/formations answered ${home.status}`);
    const contact = await fetch(`${base}/contact.data`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: base },
      body: contactFormBody("node-versions@example.test", 1),
    });
    const answer = await contact.text();
    if (contact.status !== 200 || !answer.includes(CONTACT_MESSAGES.success.title)) {
      throw new Error(`the contact form was not accepted (${contact.status}): ${answer.slice(0, 500)}`);
    }
    return `Node ${reported}: ready in ${seconds} s, /readyz 200, /formations 200, contact form accepted`;
  } finally {
    const exited = new Promise((resolve) => server.once("exit", resolve));
    server.kill("SIGTERM");
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const pkg = JSON.parse(readFileSync("package.json", "utf8")) as { engines: { node: string } };
const running = process.versions.node.split(".")[0];
const others = engineFloors(pkg.engines.node).filter((v) => v.split(".")[0] !== running);
console.log(`engines.node is "${pkg.engines.node}"; running Node v${process.versions.node}.`);
// The versions start side by side: each smoke test is mostly one core's work (a fresh embedded
// database, then three requests), one after the other they left a core of the test machine idle.
const binaries = others.map((version) => [version, nodeBinary(version)] as const);
for (const line of await Promise.all(binaries.map(([version, node]) => smoke(version, node)))) {
  console.log(line);
}
