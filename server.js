// @ts-check
// Production entry (and `npm run dev`). Everything else is TypeScript bundled by Vite into
// build/server/index.js; this file only builds when needed and starts it.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { register } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";

const dev = process.env.NODE_ENV === "development";

if (dev) {
  const vite = await import("vite").then((v) => v.createServer({ server: { middlewareMode: true } }));
  const mod = await vite.ssrLoadModule("./app/boot/app.server.ts");
  await mod.boot({ vite, getBuild: () => vite.ssrLoadModule("virtual:react-router/server-build") });
} else {
  process.env.NODE_ENV ??= "production";
  // React Router 7's package points every export condition at its dist/development build (a
  // temporary choice upstream, remix-run/react-router#12437 and #14102): NODE_ENV and --conditions
  // change nothing, and the server ran its development build (dev warnings, extra checks on every
  // request). Its dist/production holds the same files built for production; this hook resolves
  // every import of the package there (the build's, @react-router/node's and /express's alike, so
  // one copy and one router context), before the build is loaded.
  register(
    `data:text/javascript,${encodeURIComponent(`
      export async function resolve(specifier, context, next) {
        const found = await next(specifier, context);
        const dev = "/node_modules/react-router/dist/development/";
        return found.url.includes(dev)
          ? { ...found, url: found.url.replace(dev, "/node_modules/react-router/dist/production/") }
          : found;
      }`)}`,
  );
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
