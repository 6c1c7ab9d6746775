import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ProductImage } from "./product-image";

describe("a product picture without a file", () => {
  it("is drawn as a named image when it has a description", () => {
    render(<ProductImage src={null} alt="Classic Red Rose Bouquet" width={480} height={480} />);
    expect(screen.getByRole("img", { name: "Classic Red Rose Bouquet" })).toBeTruthy();
  });

  it("stays decorative, hidden from screen readers, when its description is empty", () => {
    const { container } = render(<ProductImage src={null} alt="" width={480} height={480} />);
    expect(screen.queryByRole("img")).toBeNull();
    expect(container.querySelector(".product-image-placeholder")?.getAttribute("aria-hidden")).toBe("true");
  });
});
