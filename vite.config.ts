import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { chunkGroups, moduleSideEffects } from "./vite.chunks";
import { pgliteTemplate } from "./vite.pglite-template";
import { precompressAssets } from "./vite.precompress";

// The SSR build bundles our Express app (app/boot/app.server.ts) together with the
// React Router server build, so `server.js` only has to import one file. The browser build
// groups modules as vite.chunks.ts explains and leaves a Brotli and a gzip copy of each script and
// style sheet (vite.precompress.ts). The server build also leaves an empty, migrated embedded database
// that a first start copies instead of running initdb (vite.pglite-template.ts).
export default defineConfig(({ isSsrBuild }) => ({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  build: isSsrBuild
    ? { rollupOptions: { input: "./app/boot/app.server.ts" }, target: "node20" }
    : {
        rolldownOptions: {
          treeshake: { moduleSideEffects },
          output: { codeSplitting: { groups: chunkGroups() } },
        },
      },
  plugins: [tailwindcss(), reactRouter(), precompressAssets(), pgliteTemplate()],
}));
