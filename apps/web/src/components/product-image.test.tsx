import { fireEvent, render, screen } from "@testing-library/react";
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

describe("a stored photo", () => {
  const photo = `/uploads/products/${"a1".repeat(16)}.webp`;
  const stem = photo.replace(/\.webp$/, "");

  it("offers its thumb, card, phone and full widths for the width it is drawn at", () => {
    render(<ProductImage src={photo} alt="Roses" width={600} height={600} sizes="100vw" />);
    const image = screen.getByRole("img", { name: "Roses" });
    expect(image.getAttribute("srcset")).toBe(
      `${stem}-thumb.webp 320w, ${stem}-card.webp 480w, ${stem}-phone.webp 840w, ${photo} 1200w`,
    );
    expect(image.getAttribute("sizes")).toBe("100vw");
  });

  it("falls back to the photo itself when a copy fails to load, and to the drawing when the photo fails too", () => {
    const { container } = render(<ProductImage src={photo} alt="Roses" width={600} height={600} sizes="100vw" />);
    fireEvent.error(screen.getByRole("img", { name: "Roses" }));
    const image = screen.getByRole("img", { name: "Roses" });
    expect(image.getAttribute("srcset")).toBeNull();
    expect(image.getAttribute("src")).toBe(photo);
    fireEvent.error(image);
    expect(container.querySelector("img")).toBeNull();
    expect(container.querySelector(".product-image-placeholder")).not.toBeNull();
  });
});
