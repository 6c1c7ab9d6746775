import type { Review } from "@florist/contract";
import { Stars } from "../../../components/stars";
import { formatOrderId } from "../../../lib/format";
import { useTranslation } from "../../../lib/i18n";
import { formatAdminDate } from "../lib/format";

/** The latest reviews: order, customer, rating out of 5, comment and date. */
export function ReviewsCard({ reviews }: { reviews: readonly Review[] }) {
  const { t } = useTranslation();
  return (
    <section className="card admin-card reviews-card" aria-labelledby="latest-reviews-title">
      <div className="admin-card-head">
        <h2 id="latest-reviews-title" className="admin-card-title">
          {t("Ulasan Terbaru")}
        </h2>
      </div>
      {reviews.length === 0 ? (
        <p className="admin-muted">{t("Belum ada ulasan.")}</p>
      ) : (
        <ul className="review-list">
          {reviews.map((review) => (
            <li key={review.review_id} className="review-item">
              <div className="review-meta">
                <strong>{review.customer_name}</strong>
                <span className="review-order">{formatOrderId(review.order_id)}</span>
              </div>
              <div className="review-rating">
                <Stars rating={review.rating} />
                <span>{review.rating}/5</span>
              </div>
              {review.comment ? <p className="review-comment">{review.comment}</p> : null}
              <time className="review-date" dateTime={review.review_date}>
                {formatAdminDate(review.review_date)}
              </time>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
