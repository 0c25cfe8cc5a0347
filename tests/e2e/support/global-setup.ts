import { execFileSync } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import { CHROMIUM } from "../../../playwright.config";
import { sweepScratch } from "../../support/scratch";
import { DATA_TEMPLATE_ENV, drawPortBase, makeDataTemplate, PORT_BASE_ENV } from "./server";

/**
 * Brings the production build up to date once per run (scripts/build-if-stale.sh says when it is
 * stale), then makes the data template every server of the run starts from (a copy each): PGlite's
 * start on an empty folder, the migrations and the demo seed are paid once, not by every worker and
 * every spec with a server of its own. Workers inherit the environment set here; the template is
 * removed when the run ends.
 */
export default async function globalSetup() {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `${CHROMIUM} is missing: install Debian's headless Chromium (apt-get install -y chromium-headless-shell); npm test does it when it runs as root or with sudo`,
    );
  }
  execFileSync("bash", ["scripts/build-if-stale.sh"], { stdio: "inherit" });
  process.env[PORT_BASE_ENV] = String(drawPortBase());
  const template = await makeDataTemplate();
  process.env[DATA_TEMPLATE_ENV] = template;
  return () => {
    rmSync(template, { recursive: true, force: true });
    // The workers' folders (their servers' data), which they could not remove themselves.
    sweepScratch();
  };
}
