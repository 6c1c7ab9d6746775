import { MAX_IMAGE_BYTES } from "@florist/contract/rules";
import { describe, expect, it } from "vitest";
import { imageFileProblem } from "./image-file";

const image = (name = "rose.png", size = 1024, type = "image/png") => new File([new Uint8Array(size)], name, { type });

describe("image files", () => {
  it("refuses files over 5 MB and files that are not images", () => {
    expect(imageFileProblem(image("big.png", MAX_IMAGE_BYTES + 1))).toBe("Image maximum size is 5 MB.");
    expect(imageFileProblem(image("ok.png", MAX_IMAGE_BYTES))).toBeNull();
    expect(imageFileProblem(image("page.html", 10, "text/html"))).not.toBeNull();
  });
});
