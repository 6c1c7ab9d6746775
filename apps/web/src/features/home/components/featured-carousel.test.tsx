import { act, fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import FeaturedCarousel from "./featured-carousel";

function showCarousel() {
  render(
    <MemoryRouter>
      <FeaturedCarousel />
    </MemoryRouter>,
  );
}

/** The number of the slide whose dot is current. */
function shownSlide(): number {
  const dots = screen.getAllByRole("button", { name: /^Go to slide/ });
  return dots.findIndex((dot) => dot.getAttribute("aria-current") === "true") + 1;
}

function wait(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

function prefersReducedMotion(reduce: boolean) {
  vi.stubGlobal(
    "matchMedia",
    vi.fn((query: string) => ({
      matches: reduce && query === "(prefers-reduced-motion: reduce)",
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    })),
  );
}

beforeEach(() => {
  vi.useFakeTimers();
  prefersReducedMotion(false);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("the featured carousel", () => {
  it("plays every 3 s until paused, and plays again on Play", () => {
    showCarousel();
    expect(shownSlide()).toBe(1);
    wait(3000);
    expect(shownSlide()).toBe(2);

    fireEvent.click(screen.getByRole("button", { name: "Pause slides" }));
    wait(10_000);
    expect(shownSlide()).toBe(2);

    fireEvent.click(screen.getByRole("button", { name: "Play slides" }));
    expect(screen.getByRole("button", { name: "Pause slides" })).toBeTruthy();
    wait(3000);
    expect(shownSlide()).toBe(3);
  });

  it("starts paused when the system asks for reduced motion, and still moves by hand", () => {
    prefersReducedMotion(true);
    showCarousel();
    expect(screen.getByRole("button", { name: "Play slides" })).toBeTruthy();
    wait(10_000);
    expect(shownSlide()).toBe(1);
    fireEvent.click(screen.getByRole("button", { name: "Previous slide" }));
    // Without sliding, Previous from the first slide lands on the last one itself, not on its copy.
    expect(shownSlide()).toBe(3);
    expect(document.querySelector('[aria-label="3 of 3"]')?.getAttribute("aria-hidden")).toBe("false");
  });

  it("follows a swipe and keeps playing after it, as after a click", () => {
    showCarousel();
    const viewport = document.querySelector(".carousel-viewport") as HTMLElement;
    fireEvent.pointerDown(viewport, { pointerType: "touch", clientX: 300 });
    fireEvent.pointerUp(viewport, { pointerType: "touch", clientX: 200 });
    expect(shownSlide()).toBe(2);
    fireEvent.pointerDown(viewport, { pointerType: "touch", clientX: 100 });
    fireEvent.pointerUp(viewport, { pointerType: "touch", clientX: 180 });
    expect(shownSlide()).toBe(1);
    wait(3000);
    expect(shownSlide()).toBe(2);
    expect(screen.getByRole("button", { name: "Pause slides" })).toBeTruthy();
  });
});
