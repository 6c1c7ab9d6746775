#!/usr/bin/env node
/**
 * Writes docs/openapi.json: the API's OpenAPI document, generated from the zod schemas the routes
 * declare (apps/server/src/openapi.ts). Run after changing a route or a contract schema; the unit
 * test apps/server/src/openapi.unit.test.ts fails while the checked-in file is stale.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");
const program = `
import fs from "node:fs/promises";
import { OPENAPI_FILE, openApiText } from "./apps/server/src/openapi.ts";
await fs.writeFile(OPENAPI_FILE, await openApiText());
console.log("wrote", OPENAPI_FILE);
`;
// tsx runs the server's TypeScript sources as the tests and `npm run dev` do.
const result = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "--eval", program], {
  cwd: ROOT,
  stdio: "inherit",
});
process.exit(result.status ?? 1);
