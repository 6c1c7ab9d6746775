import { describe, expect, it } from "vitest";
import { AnswerCache, type ChangeTokens } from "./cached-answer.js";

/** A change watch the test moves by hand, and a version that counts how often it is read. */
function fixture() {
  let token: number | undefined = 1;
  let version = 10;
  let versionReads = 0;
  let builds = 0;
  const watch: ChangeTokens = { token: () => token };
  const cache = new AnswerCache(async () => {
    versionReads += 1;
    return version;
  }, watch);
  const build = async () => {
    builds += 1;
    return JSON.stringify({ version, builds });
  };
  return {
    cache,
    build,
    setToken: (next: number | undefined) => {
      token = next;
    },
    setVersion: (next: number) => {
      version = next;
    },
    counts: () => ({ versionReads, builds }),
  };
}

describe("AnswerCache with a change watch", () => {
  it("reads the version once while the watch says nothing changed, and serves the kept answer without a read", async () => {
    const f = fixture();
    const first = await f.cache.get("catalog", f.build);
    for (let i = 0; i < 5; i++) expect(await f.cache.get("catalog", f.build)).toBe(first);
    expect(f.cache.peek("catalog")).toBe(first);
    expect(f.cache.peek("product 1")).toBeUndefined();
    expect(f.counts()).toEqual({ versionReads: 1, builds: 1 });
  });

  it("reads the version again when the watch moves, and keeps the answers when the version did not", async () => {
    const f = fixture();
    const first = await f.cache.get("catalog", f.build);
    f.setToken(2);
    expect(f.cache.peek("catalog")).toBeUndefined();
    expect(await f.cache.get("catalog", f.build)).toBe(first);
    expect(f.counts()).toEqual({ versionReads: 2, builds: 1 });
    expect(f.cache.peek("catalog")).toBe(first);
  });

  it("builds again once the version moved", async () => {
    const f = fixture();
    const first = await f.cache.get("catalog", f.build);
    f.setVersion(11);
    f.setToken(2);
    const second = await f.cache.get("catalog", f.build);
    expect(second).not.toBe(first);
    expect(JSON.parse(String(second.body))).toEqual({ version: 11, builds: 2 });
  });

  it("reads the version for every request while the watch cannot tell (a listener that is down)", async () => {
    const f = fixture();
    f.setToken(undefined);
    await f.cache.get("catalog", f.build);
    await f.cache.get("catalog", f.build);
    expect(f.cache.peek("catalog")).toBeUndefined();
    expect(f.counts()).toEqual({ versionReads: 2, builds: 1 });
    f.setVersion(12);
    expect(JSON.parse(String((await f.cache.get("catalog", f.build)).body))).toEqual({ version: 12, builds: 2 });
  });

  it("keeps no failed build", async () => {
    const f = fixture();
    await expect(
      f.cache.get("product 9", async () => Promise.reject(new Error("Product not found."))),
    ).rejects.toThrow();
    expect(f.cache.peek("product 9")).toBeUndefined();
    expect(JSON.parse(String((await f.cache.get("product 9", f.build)).body)).builds).toBe(1);
  });
});
