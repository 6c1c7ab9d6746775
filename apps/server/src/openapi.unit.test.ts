import fs from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { OPENAPI_FILE, openApiText } from "./openapi.js";

describe("docs/openapi.json", () => {
  it("is what the routes' schemas generate (run `npm run openapi` after changing a route or a schema)", async () => {
    const generated = await openApiText();
    const checkedIn = await fs.readFile(OPENAPI_FILE, "utf8").catch(() => "(docs/openapi.json is missing)");
    expect(checkedIn, "docs/openapi.json is stale: run `npm run openapi`").toBe(generated);
  });

  it("documents every API route with its answers, and error answers as the error body", async () => {
    const document = JSON.parse(await openApiText()) as {
      paths: Record<string, Record<string, { responses: Record<string, { content?: unknown }> }>>;
    };
    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ route: `${method.toUpperCase()} ${path}`, operation })),
    );
    expect(operations.length).toBeGreaterThan(40);
    for (const { route, operation } of operations) {
      expect(Object.keys(operation.responses), route).toContain("4XX");
      expect(JSON.stringify(operation.responses["4XX"]), route).toContain("#/components/schemas/ErrorBody");
    }
    const login = document.paths["/api/users/login"]?.post;
    expect(JSON.stringify(login?.responses["200"])).toContain("#/components/schemas/User");
  });
});
