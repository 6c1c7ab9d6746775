import { readFileSync } from "node:fs";
import { WEB_PAGES } from "@florist/contract/pages";
import { describe, expect, it } from "vitest";

/**
 * The server answers 404 for any path the web app has no page for (contract §7.6), from the list in
 * packages/contract/src/pages.ts. Every route the router declares must be in that list, and nothing
 * else: a page added to one and not the other would answer 404 or be served where the app has none.
 */
describe("the web app's pages", () => {
  it("are the routes the router declares, every one", () => {
    const router = readFileSync(new URL("./router.tsx", import.meta.url), "utf8");
    // Every route sits under a layout without a path of its own: its path is the address.
    const declared = [...router.matchAll(/<Route\b[^>]*?\bpath="([^"]+)"/g)]
      .map((match) => match[1] as string)
      .filter((path) => path !== "*")
      .map((path) => `/${path}`);
    if (/<Route\b[^>]*?\bindex\b/.test(router)) declared.push("/");
    expect(declared.sort()).toEqual(WEB_PAGES.map((page) => page.path).sort());
  });
});
