import { configDefaults, defineConfig } from "vitest/config";

/**
 * Three projects, run one after another by `npm test`:
 * - unit: pure logic of the contract package, the server and the web app;
 * - components: React components of the web app rendered with Testing Library in happy-dom;
 * - api: the HTTP API through app.inject() on a fresh database per file, on SQLite or,
 *   with TEST_DATABASE=postgres, on PostgreSQL (which alone also runs *.postgres.api.test.ts);
 * - e2e: Chromium (playwright-core) against a real server on a fresh SQLite database.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["packages/**/*.test.ts", "apps/server/src/**/*.unit.test.ts", "apps/web/src/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        test: {
          name: "components",
          include: ["apps/web/src/**/*.test.tsx"],
          environment: "happy-dom",
          setupFiles: ["apps/web/test/setup-components.ts"],
        },
      },
      {
        test: {
          name: "api",
          include: ["apps/server/src/**/*.api.test.ts"],
          // *.postgres.api.test.ts hold what only PostgreSQL offers (several processes on one database,
          // docs/several-processes.md); SQLite serves one process, so its run leaves them out.
          exclude: [
            ...configDefaults.exclude,
            ...(process.env.TEST_DATABASE === "postgres" ? [] : ["apps/server/src/**/*.postgres.api.test.ts"]),
          ],
          globalSetup: ["apps/server/test/global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: "e2e",
          include: ["e2e/**/*.e2e.ts"],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
