import { describe, expect, it } from "vitest";
import { postFormFields, postState, wibDateTimeInput } from "./post-form";

describe("the post editor's form", () => {
  it("shows a publish instant as the shop's wall-clock time, whatever the device's zone", () => {
    expect(wibDateTimeInput("2026-06-01T02:30:00.000Z")).toBe("2026-06-01T09:30");
    expect(wibDateTimeInput("2026-05-31T17:00:00.000Z")).toBe("2026-06-01T00:00");
    expect(wibDateTimeInput("not a date")).toBe("");
  });

  it("sends every field as text, the featured box as true or false", () => {
    const fields = postFormFields({
      title: "Roses",
      excerpt: "Short.",
      body: "## Water",
      imageAlt: "Red roses",
      publishedAt: "",
      status: "draft",
      featured: true,
    });
    expect(fields).toEqual({
      title: "Roses",
      excerpt: "Short.",
      body: "## Water",
      image_alt: "Red roses",
      published_at: "",
      status: "draft",
      featured: "true",
    });
  });

  it("names a post Draft, Scheduled or Published as visitors would find it", () => {
    expect(postState({ status: "draft", live: false })).toBe("Draft");
    expect(postState({ status: "published", live: false })).toBe("Scheduled");
    expect(postState({ status: "published", live: true })).toBe("Published");
  });
});
