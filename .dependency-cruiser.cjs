/**
 * Which way imports may run (`npm run arch`, part of `npm test`). Tests and e2e journeys are left
 * out: they may reach anywhere to set up what they check.
 *
 * Server: routes → service → repository → db. Routes parse and answer, services hold the rules,
 * repositories hold the SQL, db/ holds the connection, the table types, the frozen migrations and
 * the seed. lib/ is plain helpers that know no feature.
 *
 * Web: app → features → components and lib. A feature uses its own files, shared components and
 * lib, and the contract; never the app shell and never another feature's files.
 */
const SERVER = "^apps/server/src/";
const MODULES = `${SERVER}modules/[^/]+/`;
const WEB = "^apps/web/src/";

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "A cycle means two files cannot be understood, tested or moved apart.",
      from: {},
      to: { circular: true },
    },
    {
      name: "repository-imports-no-service-or-routes",
      severity: "error",
      comment: "Repositories hold SQL only; rules live in services, HTTP in routes.",
      from: { path: `${MODULES}repository\\.ts$` },
      to: { path: `${MODULES}(service|routes)\\.ts$` },
    },
    {
      name: "service-imports-no-routes",
      severity: "error",
      comment: "Services know nothing of HTTP routes.",
      from: { path: `${MODULES}service\\.ts$` },
      to: { path: `${MODULES}routes\\.ts$` },
    },
    {
      name: "routes-go-through-services",
      severity: "error",
      comment: "A route calls a service, which calls the repository: routes and plugins never query.",
      from: { path: [`${MODULES}routes\\.ts$`, `${SERVER}plugins/`] },
      to: { path: `${MODULES}repository\\.ts$` },
    },
    {
      name: "nothing-imports-the-app",
      severity: "error",
      comment: "app.ts builds the app, server.ts and shop.ts start it; nothing below them may import them.",
      from: { path: `${SERVER}(modules|plugins|lib|db)/` },
      to: { path: `${SERVER}(app|server|shop)\\.ts$` },
    },
    {
      name: "db-imports-no-module-plugin-or-config",
      severity: "error",
      comment: "The database layer is the bottom: the seed gets what it needs as arguments.",
      from: { path: `${SERVER}db/` },
      to: { path: `${SERVER}(modules|plugins)/|${SERVER}(config|context|errors)\\.ts$` },
    },
    {
      name: "migrations-are-frozen",
      severity: "error",
      comment: "A migration must produce the same schema forever, so it imports nothing from the app.",
      from: { path: `${SERVER}db/migrations/` },
      to: { path: SERVER, pathNot: `${SERVER}db/migrations/` },
    },
    {
      name: "lib-imports-no-module",
      severity: "error",
      comment: "lib/ holds helpers any module may use; it knows no module, plugin or database.",
      from: { path: `${SERVER}lib/` },
      to: { path: `${SERVER}(modules|plugins|db)/` },
    },
    {
      name: "kysely-only-in-repositories-and-db",
      severity: "error",
      comment:
        "SQL is written in repositories and db/ only; elsewhere kysely may be imported for its types (import type).",
      from: { path: SERVER, pathNot: [`${MODULES}repository\\.ts$`, `${SERVER}db/`] },
      to: { path: "node_modules/kysely/", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "web-shared-imports-no-feature-or-app",
      severity: "error",
      comment: "Shared components and lib are used by features; they never depend on one.",
      from: { path: `${WEB}(components|lib)/` },
      to: { path: `${WEB}(features|app)/` },
    },
    {
      name: "web-feature-imports-no-app",
      severity: "error",
      comment: "The app shell composes the features; a feature never reaches back into it.",
      from: { path: `${WEB}features/` },
      to: { path: `${WEB}app/` },
    },
    {
      name: "web-feature-imports-no-other-feature",
      severity: "error",
      comment: "A feature uses its own files; what two features share moves to components/ or lib/.",
      from: { path: `${WEB}features/([^/]+)/` },
      to: { path: `${WEB}features/`, pathNot: `${WEB}features/$1/` },
    },
    {
      name: "server-and-web-share-only-the-contract",
      severity: "error",
      comment: "The server and the web app meet in packages/contract only.",
      from: { path: "^apps/(server|web)/" },
      to: { path: "^apps/", pathNot: "^apps/$1/" },
    },
    {
      name: "contract-imports-no-app",
      severity: "error",
      comment: "The contract is below both apps.",
      from: { path: "^packages/contract/" },
      to: { path: "^apps/" },
    },
    {
      name: "rules-stay-free-of-zod",
      severity: "error",
      comment: "The storefront imports the rules without downloading the schema library.",
      from: { path: "^packages/contract/src/rules\\.ts$" },
      to: { path: "node_modules/zod/|^packages/contract/src/(?!rules\\.ts$)" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: {
      path: ["\\.test\\.tsx?$", "^apps/server/test/", "^apps/web/test/", "^e2e/", "^apps/[^/]+/dist/"],
    },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.base.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json"],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
