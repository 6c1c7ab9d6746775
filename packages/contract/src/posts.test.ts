import { describe, expect, it } from "vitest";
import { postFields, publishInstant } from "./posts.js";

describe("a post's publish date", () => {
  it("reads a date alone as the shop's midnight (WIB) and a time without an offset as the shop's time", () => {
    expect(publishInstant("2026-12-01")).toBe("2026-11-30T17:00:00.000Z");
    expect(publishInstant("2026-12-01T09:30")).toBe("2026-12-01T02:30:00.000Z");
    expect(publishInstant("2026-12-01T09:30:15.250")).toBe("2026-12-01T02:30:15.250Z");
  });

  it("keeps an instant that names its offset", () => {
    expect(publishInstant("2026-12-01T09:30:00Z")).toBe("2026-12-01T09:30:00.000Z");
    expect(publishInstant("2026-12-01T09:30:00+09:00")).toBe("2026-12-01T00:30:00.000Z");
  });

  it("refuses what is no real date or time", () => {
    for (const text of ["2026-02-30", "2026-12-01T24:00", "2026-12-01T09:60", "next week", "1/12/2026", ""]) {
      expect(publishInstant(text), text).toBeNull();
    }
  });
});

describe("the post form's fields", () => {
  const base = { title: "Roses", excerpt: "Short.", body: "## Water" };

  it("defaults to a published post, not featured, dated by the server", () => {
    expect(postFields.parse(base)).toEqual({ ...base, status: "published", featured: false });
  });

  it("reads the featured box as forms send it, and refuses anything else", () => {
    expect(postFields.parse({ ...base, featured: "on" }).featured).toBe(true);
    expect(postFields.parse({ ...base, featured: "false" }).featured).toBe(false);
    expect(postFields.parse({ ...base, featured: true }).featured).toBe(true);
    expect(postFields.safeParse({ ...base, featured: "maybe" }).success).toBe(false);
  });

  it("refuses a publish date outside the years a shop can mean", () => {
    expect(postFields.safeParse({ ...base, published_at: "1999-12-31" }).success).toBe(false);
    expect(postFields.parse({ ...base, published_at: "" }).published_at).toBeUndefined();
  });
});
