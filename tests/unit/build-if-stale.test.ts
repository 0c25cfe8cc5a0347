// The integration files that use build/ and the e2e suite rebuild it before testing when it is
// missing or older than a source, and leave it alone otherwise (scripts/build-if-stale.sh); workers
// that need it at the same moment build it once.
import { spawn, spawnSync } from "node:child_process";
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { scratchDir } from "../support/scratch";

/** A project folder with the script, one source, and an `npx` that records the build it was asked for. */
function project() {
  const root = scratchDir("build-if-stale-");
  mkdirSync(path.join(root, "scripts"));
  copyFileSync("scripts/build-if-stale.sh", path.join(root, "scripts/build-if-stale.sh"));
  mkdirSync(path.join(root, "app"));
  writeFileSync(path.join(root, "app/root.tsx"), "export {};\n");
  const bin = path.join(root, "bin");
  mkdirSync(bin);
  writeFileSync(
    path.join(bin, "npx"),
    // A build that takes a moment, as a real one does, so that a second caller arrives during it.
    '#!/bin/sh\necho "NODE_ENV=$NODE_ENV $*" >> built.log\nsleep 1\nmkdir -p build/server && touch build/server/index.js\n',
  );
  chmodSync(path.join(bin, "npx"), 0o755);
  const run = (env: Record<string, string> = {}) =>
    spawnSync("bash", ["scripts/build-if-stale.sh"], {
      cwd: root,
      encoding: "utf8",
      env: { ...process.env, PATH: `${bin}:${process.env.PATH}`, BUILD_DIR: "", ...env },
    });
  /** The same run, without waiting for it: resolves to its exit code. */
  const start = () =>
    new Promise<number | null>((resolve) => {
      const child = spawn("bash", ["scripts/build-if-stale.sh"], {
        cwd: root,
        stdio: "ignore",
        env: { ...process.env, PATH: `${bin}:${process.env.PATH}`, BUILD_DIR: "" },
      });
      child.on("exit", resolve);
    });
  const built = () => existsSync(path.join(root, "built.log"));
  const age = (file: string, secondsAgo: number) => {
    const when = new Date(Date.now() - secondsAgo * 1000);
    utimesSync(path.join(root, file), when, when);
  };
  const log = () => readFileSync(path.join(root, "built.log"), "utf8");
  return {
    root,
    run,
    start,
    built,
    log,
    age,
    reset: () => rmSync(path.join(root, "built.log"), { force: true }),
  };
}

describe("build-if-stale.sh", () => {
  it("builds when there is no build, then not again while the build is newer than every source", () => {
    const p = project();
    expect(p.run().status).toBe(0);
    expect(p.built()).toBe(true);
    p.reset();
    p.age("app/root.tsx", 60);
    expect(p.run().status).toBe(0);
    expect(p.built()).toBe(false);
    rmSync(p.root, { recursive: true, force: true });
  });

  it("rebuilds when a file under app/ changed after the build, and says which", () => {
    const p = project();
    p.run();
    p.reset();
    p.age("app", 120);
    p.age("build/server/index.js", 60);
    const result = p.run();
    expect(result.status).toBe(0);
    expect(p.built()).toBe(true);
    expect(result.stderr).toContain("app/root.tsx is newer than the production build");
    rmSync(p.root, { recursive: true, force: true });
  });

  it("builds once when two test workers ask for a stale build at the same moment", async () => {
    const p = project();
    expect(await Promise.all([p.start(), p.start(), p.start()])).toEqual([0, 0, 0]);
    expect(p.log()).toBe("NODE_ENV=production react-router build\n");
    rmSync(p.root, { recursive: true, force: true });
  });

  it("makes a production build even when called from a test run (NODE_ENV=test)", () => {
    const p = project();
    expect(p.run({ NODE_ENV: "test" }).status).toBe(0);
    expect(p.log()).toBe("NODE_ENV=production react-router build\n");
    rmSync(p.root, { recursive: true, force: true });
  });
});
