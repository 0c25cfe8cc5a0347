// @ts-check
// Production entry (and `npm run dev`). Everything else is TypeScript bundled by Vite into
// build/server/index.js; this file only builds when needed and starts it.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const dev = process.env.NODE_ENV === "development";

if (dev) {
  const vite = await import("vite").then((v) => v.createServer({ server: { middlewareMode: true } }));
  const mod = await vite.ssrLoadModule("./app/boot/app.server.ts");
  await mod.boot({ vite, getBuild: () => vite.ssrLoadModule("virtual:react-router/server-build") });
} else {
  process.env.NODE_ENV ??= "production";
  // Relative to the working directory like the build's own setting, or absolute: imported by file
  // URL, since `./` + an absolute path names no file.
  const entry = path.resolve(process.env.BUILD_DIR || "build", "server/index.js");
  if (!existsSync(entry)) {
    console.log("Aucun build trouvé : construction du site (une seule fois)…");
    execFileSync(process.execPath, ["node_modules/@react-router/dev/bin.js", "build"], { stdio: "inherit" });
  }
  const mod = await import(pathToFileURL(entry).href);
  await mod.boot();
}
