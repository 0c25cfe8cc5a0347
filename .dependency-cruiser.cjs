/**
 * The direction of imports in app/ (docs/architecture.md draws it):
 *   routes → features → platform and ui;  boot (the process) → everything;  no circle anywhere.
 * A feature or a route reaches a feature only through that feature's index.ts (browser-safe) or
 * index.server.ts (server only); a route may also load a feature's form rules (*-schema.ts) lazily.
 * Code that reaches the browser imports no *.server.ts file.
 * `npm run lint` runs this check; tests/unit/boundaries.test.ts shows that a wrong import fails it.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      comment: "An import circle: two modules that need each other cannot be read, tested or moved apart.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "ui-stays-generic",
      comment: "app/ui is the design system: it knows no feature, no route and no server code.",
      severity: "error",
      from: { path: "^app/ui/" },
      to: { path: "^app/(features|boot|routes|platform/.*\\.server\\.ts$|root\\.tsx)" },
    },
    {
      name: "platform-knows-no-feature",
      comment:
        "app/platform is what every feature uses (database, HTTP, mail, config, dates…): it imports no feature, " +
        "no ui and no route. Each feature declares its own tables (its schema.server.ts).",
      severity: "error",
      from: { path: "^app/platform/" },
      to: { path: "^app/(features|ui|boot|routes|root\\.tsx)" },
    },
    {
      name: "features-below-routes",
      comment: "Routes call features; a feature never imports a route, the root or the process (app/boot).",
      severity: "error",
      from: { path: "^app/features/" },
      to: { path: "^app/(boot|routes|root\\.tsx|entry\\.server\\.tsx)" },
    },
    {
      name: "feature-through-its-index",
      comment:
        "A feature reaches another only through its index.ts or index.server.ts, or its tables through its " +
        "schema.server.ts: what is not exported there is that feature's own business. (Tables have their own " +
        "face because a schema file imports nothing but tables: reaching a table through an index, which " +
        "re-exports the feature's services, would close import circles.)",
      severity: "error",
      from: { path: "^app/features/([^/]+)/" },
      to: {
        path: "^app/features/[^/]+/",
        pathNot: ["^app/features/$1/", "^app/features/[^/]+/(index(\\.server)?|schema\\.server)\\.ts$"],
      },
    },
    {
      name: "schema-files-import-only-tables",
      comment:
        "A feature's schema.server.ts declares its tables: it imports its own feature's value lists, other " +
        "features' tables (foreign keys), the platform's column helpers and drizzle, nothing else. So the " +
        "schema files never close a circle with the features' code, and drizzle-kit reads them alone.",
      severity: "error",
      from: { path: "^app/(features|platform)/([^/]+)/schema\\.server\\.ts$" },
      to: {
        path: "^app/",
        pathNot: [
          "^app/$1/$2/(?!.*\\.server\\.tsx?$)",
          "^app/features/[^/]+/schema\\.server\\.ts$",
          "^app/platform/db/columns\\.server\\.ts$",
        ],
      },
    },
    {
      name: "route-through-feature-index",
      comment:
        "A route reaches a feature through its public face, as features reach each other: index.ts for what " +
        "may reach the browser (components, vocabularies, form rules), index.server.ts for the rest. What a " +
        "feature does not export there is its own business.",
      severity: "error",
      from: { path: "^app/routes/" },
      to: {
        path: "^app/features/[^/]+/",
        pathNot: "^app/features/[^/]+/index(\\.server)?\\.ts$",
        dependencyTypesNot: ["dynamic-import"],
      },
    },
    {
      name: "route-loads-form-rules-lazily",
      comment:
        "A public form loads its rules (a feature's *-schema.ts, zod under them) when a field first gets " +
        "focus, by a dynamic import of that file: the one import of a feature's own file a route may make. " +
        "Through index.ts, which the page already imports, the rules would join the page's first load.",
      severity: "error",
      from: { path: "^app/routes/" },
      to: {
        path: "^app/features/[^/]+/",
        pathNot: "^app/features/[^/]+/[^/]+-schema\\.ts$",
        dependencyTypes: ["dynamic-import"],
      },
    },
    {
      name: "browser-code-imports-no-server-module",
      comment:
        "Components and shared modules reach the browser: a *.server.ts import there would ship or break. " +
        "Route modules, the root and index.server.ts files may (React Router strips loaders and actions).",
      severity: "error",
      from: {
        path: "^app/.*\\.tsx?$",
        pathNot: ["^app/routes/", "^app/root\\.tsx$", "^app/entry\\.server\\.tsx$", "\\.server\\.tsx?$"],
      },
      to: { path: "\\.server\\.tsx?$", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "browser-code-names-only-its-own-server-types",
      comment:
        "A console dialog may name the row type its own feature's loader returns (`import type`, erased at " +
        "build: verbatimModuleSyntax guarantees it), never another feature's, and ui or platform code none.",
      severity: "error",
      from: { path: "^app/features/([^/]+)/.*\\.tsx?$", pathNot: "\\.server\\.tsx?$" },
      to: { path: "\\.server\\.tsx?$", pathNot: "^app/features/$1/", dependencyTypes: ["type-only"] },
    },
    {
      name: "shared-browser-code-names-no-server-type",
      severity: "error",
      from: { path: "^app/(ui|platform)/.*\\.tsx?$", pathNot: "\\.server\\.tsx?$" },
      to: { path: "\\.server\\.tsx?$", dependencyTypes: ["type-only"] },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(node_modules|build|\\.react-router)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { extensions: [".ts", ".tsx", ".js", ".mjs"] },
  },
};
