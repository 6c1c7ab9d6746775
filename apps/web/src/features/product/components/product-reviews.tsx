import type { ProductReview } from "@florist/contract";
import { SHOP_TIME_ZONE } from "@florist/contract/rules";
import { useInfiniteQuery } from "@tanstack/react-query";
import { Avatar } from "../../../components/avatar";
import { RatingStars, useRatingNumber } from "../../../components/rating-stars";
import { Stars } from "../../../components/stars";
import { messageOf } from "../../../lib/api-client";
import { dateLocale, useTranslation } from "../../../lib/i18n";
import { productReviewsQuery } from "../api/reviews";

/** A review's day on the shop's calendar (WIB), written the way the shopper's language writes dates. */
function useReviewDate() {
  const { language } = useTranslation();
  const format = new Intl.DateTimeFormat(dateLocale(language), {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: SHOP_TIME_ZONE,
  });
  return (value: string) => {
    const date = new Date(value);
    return Number.isNaN(date.getTime()) ? "" : format.format(date);
  };
}

/**
 * What buyers said of a product: the average and how many reviews, then the newest reviews, five
 * more at a time. The reviews are those of the orders that held the product.
 */
export function ProductReviews({ productId }: { productId: number }) {
  const { t } = useTranslation();
  const reviews = useInfiniteQuery(productReviewsQuery(productId));
  const number = useRatingNumber();

  let body: React.ReactNode;
  if (reviews.isPending) {
    body = <p className="reviews-note">{t("Loading reviews...")}</p>;
  } else if (reviews.error && !reviews.data) {
    // The product above is what the shopper came for: a failure here is said quietly, not announced.
    body = <p className="reviews-note">{messageOf(reviews.error, t("The reviews could not be loaded."))}</p>;
  } else {
    const first = reviews.data.pages[0];
    const list = reviews.data.pages.flatMap((page) => page.reviews);
    body =
      !first || first.count === 0 || first.average === null ? (
        <p className="reviews-note">{t("No reviews yet. Buyers can review this product once their order arrives.")}</p>
      ) : (
        <>
          <div className="reviews-summary">
            <span className="reviews-average" aria-hidden="true">
              {number(first.average)}
            </span>
            <div>
              <RatingStars average={first.average} count={first.count} size={20} withNumbers={false} />
              <p className="reviews-count">{t("Based on {{count}} reviews", { count: first.count })}</p>
            </div>
          </div>
          <ul className="reviews-list">
            {list.map((review, index) => (
              // Reviews carry no id of their own; their place in the newest-first list is stable while shown.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above.
              <ReviewItem key={index} review={review} />
            ))}
          </ul>
          {reviews.hasNextPage ? (
            <button
              type="button"
              className="btn btn-secondary reviews-more"
              onClick={() => reviews.fetchNextPage()}
              disabled={reviews.isFetchingNextPage}
            >
              {reviews.isFetchingNextPage ? t("Loading reviews...") : t("More reviews")}
            </button>
          ) : null}
          {reviews.isFetchNextPageError ? (
            <p className="reviews-note">{messageOf(reviews.error, t("The reviews could not be loaded."))}</p>
          ) : null}
        </>
      );
  }

  return (
    <section className="product-reviews" aria-labelledby="product-reviews-title">
      <h2 id="product-reviews-title">{t("Reviews")}</h2>
      {body}
    </section>
  );
}

function ReviewItem({ review }: { review: ProductReview }) {
  const date = useReviewDate();
  return (
    <li className="review-item">
      <Avatar username={review.reviewerName} size={40} />
      <div className="review-item-body">
        <p className="review-item-head">
          <strong>{review.reviewerName}</strong>
          <time dateTime={review.createdAt}>{date(review.createdAt)}</time>
        </p>
        <Stars rating={review.rating} />
        {review.comment ? <p className="review-item-comment">{review.comment}</p> : null}
      </div>
    </li>
  );
}
