import { execFileSync } from "node:child_process";

/** Brings the production build up to date once per run (scripts/build-if-stale.sh says when it is stale). */
export default function globalSetup() {
  execFileSync("bash", ["scripts/build-if-stale.sh"], { stdio: "inherit" });
}
