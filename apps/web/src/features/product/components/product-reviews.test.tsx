import type { ProductReviews as Answer, ProductReview } from "@florist/contract";
import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { fakeApi } from "../../../../test/fake-api";
import { loggedOut, renderScreen } from "../../../../test/render-app";
import { switchLanguage } from "../../../lib/i18n";
import { ProductReviews } from "./product-reviews";

const review = (n: number): ProductReview => ({
  rating: n % 2 === 0 ? 4 : 5,
  comment: `Lovely flowers, order ${n}.`,
  reviewerName: `buyer${n}`,
  // 20:30 UTC is already the next day in Bandung (WIB).
  createdAt: `2026-03-${String(10 + n).padStart(2, "0")}T20:30:00.000Z`,
});

/** A product with `count` reviews, newest first, answered five at a time. */
function reviewsApi(count: number) {
  const all = Array.from({ length: count }, (_, i) => review(i + 1));
  return fakeApi({
    "GET /api/users/session": loggedOut,
    "GET /api/products/7/reviews": ({ url }) => {
      const page = Number(url.searchParams.get("page"));
      const limit = Number(url.searchParams.get("limit"));
      const body: Answer = {
        average: count === 0 ? null : 4.4,
        count,
        reviews: all.slice((page - 1) * limit, page * limit),
        pagination: { page, limit, total: count, hasNext: page * limit < count },
      };
      return { body };
    },
  });
}

const render = () => renderScreen(<ProductReviews productId={7} />, { path: "/produk/:productId", at: "/produk/7" });
const shownReviews = () => within(screen.getByRole("list")).getAllByRole("listitem");

afterEach(() => switchLanguage("en", { remember: false }));

describe("the reviews on a product page", () => {
  it("shows the average, the count and the newest reviews, then more on request", async () => {
    reviewsApi(7);
    const { user } = render();
    const section = await screen.findByRole("region", { name: "Reviews" });
    await within(section).findByText("Based on 7 reviews");
    expect(within(section).getByRole("img", { name: "Rated 4.4 out of 5, 7 reviews" })).toBeTruthy();
    expect(shownReviews()).toHaveLength(5);
    const first = shownReviews()[0] as HTMLElement;
    expect(within(first).getByText("buyer1")).toBeTruthy();
    expect(within(first).getByText("Lovely flowers, order 1.")).toBeTruthy();
    expect(within(first).getByRole("img", { name: "5 out of 5 stars" })).toBeTruthy();
    expect(within(first).getByText("12 March 2026").getAttribute("datetime")).toBe("2026-03-11T20:30:00.000Z");

    await user.click(screen.getByRole("button", { name: "More reviews" }));
    await within(section).findByText("buyer7");
    expect(shownReviews()).toHaveLength(7);
    expect(screen.queryByRole("button", { name: "More reviews" })).toBeNull();
  });

  it("says so politely when the product has no reviews yet", async () => {
    reviewsApi(0);
    render();
    expect(
      await screen.findByText("No reviews yet. Buyers can review this product once their order arrives."),
    ).toBeTruthy();
    expect(screen.queryByRole("list")).toBeNull();
  });

  it("writes the date and the average the Indonesian way in Indonesian", async () => {
    await switchLanguage("id", { remember: false });
    reviewsApi(1);
    render();
    const item = (await screen.findAllByRole("listitem"))[0] as HTMLElement;
    expect(within(item).getByText("12 Maret 2026")).toBeTruthy();
    expect(screen.getByText("4,4")).toBeTruthy();
  });
});
