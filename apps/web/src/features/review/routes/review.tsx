import type { Review, User } from "@florist/contract";
import { isReviewable } from "@florist/contract/rules";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { FormError, SubmitButton } from "../../../components/form-feedback";
import { ArrowLeftIcon } from "../../../components/icons";
import { Modal } from "../../../components/modal";
import { ErrorState, LoadingState } from "../../../components/page-state";
import { ApiError } from "../../../lib/api-client";
import { useAuth } from "../../../lib/auth";
import { formatOrderId } from "../../../lib/format";
import { useTranslation } from "../../../lib/i18n";
import { orderReviewsQuery, reviewOrderQuery, submitReview } from "../api/review";
import { StarInput } from "../components/star-input";
import "../review.css";

export default function ReviewPage() {
  const { t } = useTranslation();
  const { orderId: param } = useParams();
  const { user } = useAuth();
  const orderId = Number(param);
  const valid = Number.isInteger(orderId) && orderId > 0;

  return (
    <div className="container page page-narrow">
      <Link to="/pesanan" className="back-link">
        <ArrowLeftIcon size={18} /> {t("Back to My Orders")}
      </Link>
      {!valid ? (
        <ErrorState text={t("Invalid order.")} />
      ) : user ? (
        <ReviewLoader orderId={orderId} user={user} />
      ) : null}
    </div>
  );
}

function ReviewLoader({ orderId, user }: { orderId: number; user: User }) {
  const { t } = useTranslation();
  const order = useQuery(reviewOrderQuery(orderId));
  const reviews = useQuery(orderReviewsQuery(orderId));
  const error = order.error ?? reviews.error;
  if (error) {
    const notFound = error instanceof ApiError && (error.status === 404 || error.status === 403);
    return <ErrorState text={notFound ? t("Order not found.") : t("Failed to load the review.")} />;
  }
  if (!order.data || !reviews.data) return <LoadingState text={t("Loading...")} />;
  const existing = reviews.data.find((review) => review.user_id === user.user_id) ?? reviews.data[0] ?? null;
  // The server refuses a review of an order that is not Finished; the screen says so before any typing.
  if (!existing && !isReviewable(order.data.orderStatus)) {
    return (
      <section className="card review-card">
        <span className="eyebrow">{formatOrderId(orderId)}</span>
        <h1>{t("Not delivered yet")}</h1>
        <p>{t("You can review this order once it has been delivered.")}</p>
      </section>
    );
  }
  const items = order.data.items.map((item) => `${item.quantity} × ${item.productName}`).join(", ");
  return <ReviewForm orderId={orderId} user={user} existing={existing} items={items} />;
}

interface ReviewFormProps {
  orderId: number;
  user: User;
  existing: Review | null;
  items: string;
}

function ReviewForm({ orderId, user, existing, items }: ReviewFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [rating, setRating] = useState(existing?.rating ?? 0);
  const [comment, setComment] = useState(existing?.comment ?? "");
  const [error, setError] = useState<string | null>(null);
  const [thanked, setThanked] = useState(false);
  const updating = existing !== null;

  const submit = useMutation({
    mutationFn: submitReview,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ["orders", user.user_id] }),
        queryClient.invalidateQueries({ queryKey: ["reviews", orderId] }),
      ]);
      setThanked(true);
    },
    onError: (err) => {
      const detail = err instanceof ApiError ? err.serverMessage : undefined;
      if (err instanceof ApiError && err.status === 404) setError(t("Order not found."));
      else setError(detail ? `${t("Failed to submit review.")} ${detail}` : t("Failed to submit review."));
    },
  });

  function handleSubmit(event: React.FormEvent) {
    event.preventDefault();
    if (rating < 1 || rating > 5) {
      setError(t("Please select a rating."));
      return;
    }
    setError(null);
    submit.mutate({ orderId, userId: user.user_id, rating, comment });
  }

  return (
    <section className="card review-card" aria-labelledby={`${id}-title`}>
      <span className="eyebrow">{formatOrderId(orderId)}</span>
      <h1 id={`${id}-title`}>{updating ? t("Update Review") : t("Write a Review")}</h1>
      {items ? <p className="review-items">{items}</p> : null}
      <form className="form" noValidate onSubmit={handleSubmit}>
        <fieldset className="review-rating">
          <legend>{t("Rating")}</legend>
          <StarInput
            value={rating}
            onChange={(value) => {
              setRating(value);
              setError(null);
            }}
          />
        </fieldset>
        <div className="field">
          <label htmlFor={`${id}-comment`}>
            {t("Comment")} <span className="optional">{t("(optional)")}</span>
          </label>
          <textarea
            id={`${id}-comment`}
            className="textarea"
            rows={5}
            maxLength={2000}
            placeholder={t("How were the flowers and the delivery?")}
            value={comment}
            onChange={(event) => setComment(event.target.value)}
          />
        </div>
        <FormError message={error} />
        <SubmitButton pending={submit.isPending} pendingLabel={t("Sending...")}>
          {updating ? t("Update Review") : t("Submit Review")}
        </SubmitButton>
      </form>
      <Modal
        open={thanked}
        title={t("Thank you for your review!")}
        onClose={() => navigate("/pesanan")}
        role="alertdialog"
        actions={
          <button type="button" className="btn btn-primary" onClick={() => navigate("/pesanan")} data-autofocus>
            {t("Back to My Orders")}
          </button>
        }
      />
    </section>
  );
}
