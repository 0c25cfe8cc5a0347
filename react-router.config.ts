import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "app",
  // BUILD_DIR lets several builds live side by side (parallel test runs); production uses ./build.
  buildDirectory: process.env.BUILD_DIR || "build",
  ssr: true,
  // Middleware: the console loads the signed-in user and role once per request (routes/admin/layout.tsx).
  future: { v8_middleware: true },
} satisfies Config;
