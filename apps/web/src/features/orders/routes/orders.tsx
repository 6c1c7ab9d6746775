import type { OrderSummary } from "@florist/contract";
import { isReviewable } from "@florist/contract/rules";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import { Currency } from "../../../components/currency";
import { ConfirmModal, MessageModal, Modal } from "../../../components/modal";
import { EmptyState, ErrorState, LoadingState, LoginPrompt, PageHeader } from "../../../components/page-state";
import { StatusBadge } from "../../../components/status-badge";
import { messageOf, resolveImageUrl } from "../../../lib/api-client";
import { useAuth } from "../../../lib/auth";
import { formatDelivery } from "../../../lib/delivery-time";
import { formatCustomerDate, formatOrderId } from "../../../lib/format";
import { useTranslation } from "../../../lib/i18n";
import { awaitsPayment, canCancel, invoiceUrl, paymentInWords } from "../../../lib/payment";
import { cancelOrder, fetchOrder, ordersQuery } from "../api/orders";
import "../orders.css";

export default function OrdersPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  return (
    <div className="container page">
      <PageHeader eyebrow={t("Orders")} title={t("My Orders")} />
      {user ? (
        <OrderHistory userId={user.user_id} />
      ) : (
        <LoginPrompt text={t("Please log in to view your order history.")} redirectTo="/pesanan" />
      )}
    </div>
  );
}

function ReviewAction({ order }: { order: OrderSummary }) {
  const { t } = useTranslation();
  if (order.review) return <span className="reviewed">{t("Reviewed")}</span>;
  if (isReviewable(order.orderStatus))
    return (
      <Link to={`/review/${order.orderId}`} className="btn btn-accent btn-small">
        {t("Write Review")}
      </Link>
    );
  return <span className="no-action">-</span>;
}

/**
 * When and where the order goes, who receives it and the card. The slot's times are the shop's (WIB):
 * they are shown as the server wrote them, never converted to the browser's zone.
 */
function OrderDelivery({ order }: { order: OrderSummary }) {
  const { t } = useTranslation();
  const district = order.delivery?.zoneName ?? order.deliveryZone?.name;
  return (
    <div className="order-delivery">
      <p className="order-delivery-when">
        {order.delivery ? (
          <>
            {formatDelivery(order.delivery)} <span className="order-delivery-tz">WIB</span>
          </>
        ) : (
          t("To be arranged")
        )}
      </p>
      {district || order.recipientName ? (
        <p>
          {[district, order.recipientName ? t("for {{name}}", { name: order.recipientName }) : null]
            .filter(Boolean)
            .join(" · ")}
        </p>
      ) : null}
      {order.cardMessage ? <p className="order-card-message">“{order.cardMessage}”</p> : null}
      {order.senderAnonymous ? <span className="order-anonymous">{t("Anonymous")}</span> : null}
    </div>
  );
}

/** The payment in words, with the way to pay while it is still owed. */
function OrderPayment({ order }: { order: OrderSummary }) {
  const { t } = useTranslation();
  const rejected = order.paymentStatus === "Rejected";
  return (
    <div className="order-payment">
      <span className={rejected ? "order-payment-state order-payment-rejected" : "order-payment-state"}>
        {paymentInWords(order)}
      </span>
      {awaitsPayment(order) ? (
        <Link to={`/pesanan/${order.orderId}/bayar`} className="order-payment-link">
          {rejected ? t("Upload receipt again") : t("How to pay")}
        </Link>
      ) : null}
    </div>
  );
}

function OrderHistory({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const orders = useQuery(ordersQuery(userId));
  const [cancelling, setCancelling] = useState<OrderSummary | null>(null);
  const [proof, setProof] = useState<{ orderId: number; url: string } | null>(null);
  const [proofBroken, setProofBroken] = useState(false);
  const [message, setMessage] = useState<{ title: string } | null>(null);

  const loadProof = useMutation({
    mutationFn: (orderId: number) => fetchOrder(orderId),
    onSuccess: (detail) => {
      const url = resolveImageUrl(detail.orderProof);
      if (!url) {
        setMessage({ title: t("No proof uploaded for this order.") });
        return;
      }
      setProofBroken(false);
      setProof({ orderId: detail.orderId, url });
    },
    onError: (error) => setMessage({ title: messageOf(error, t("Failed to load order proof.")) }),
  });

  const cancel = useMutation({
    mutationFn: cancelOrder,
    onSuccess: async (cancelled) => {
      setCancelling(null);
      setMessage({ title: t("Order {{orderId}} has been cancelled.", { orderId: formatOrderId(cancelled.orderId) }) });
      await queryClient.invalidateQueries({ queryKey: ["orders", userId] });
    },
    onError: (error) => {
      setCancelling(null);
      setMessage({ title: messageOf(error, t("Failed to cancel the order.")) });
    },
  });

  function viewProof(order: OrderSummary) {
    if (!order.orderProof) {
      setMessage({ title: t("No proof uploaded for this order.") });
      return;
    }
    loadProof.mutate(order.orderId);
  }

  if (orders.isPending) return <LoadingState text={t("Loading order history...")} />;
  // On failure no stale list stays on screen: only the message is shown.
  if (orders.error) return <ErrorState text={messageOf(orders.error, t("Failed to load orders."))} />;
  if (orders.data.length === 0)
    return (
      <EmptyState text={t("No orders yet. Start shopping now!")}>
        <Link to="/katalog" className="btn btn-primary">
          {t("Explore the Catalog")}
        </Link>
      </EmptyState>
    );

  return (
    <>
      <div className="orders-table-wrap card">
        <table className="orders-table">
          <thead>
            <tr>
              <th scope="col">{t("Order ID")}</th>
              <th scope="col">{t("Date")}</th>
              <th scope="col">{t("Delivery")}</th>
              <th scope="col">{t("Status")}</th>
              <th scope="col">{t("Payment")}</th>
              <th scope="col">{t("Total")}</th>
              <th scope="col">{t("Action")}</th>
            </tr>
          </thead>
          <tbody>
            {orders.data.map((order) => (
              <tr key={order.orderId}>
                <th scope="row" data-label={t("Order ID")}>
                  {formatOrderId(order.orderId)}
                </th>
                <td data-label={t("Date")}>{formatCustomerDate(order.orderDate)}</td>
                <td data-label={t("Delivery")} className="orders-delivery">
                  <OrderDelivery order={order} />
                </td>
                <td data-label={t("Status")}>
                  <StatusBadge status={order.orderStatus} />
                </td>
                <td data-label={t("Payment")}>
                  <OrderPayment order={order} />
                </td>
                <td data-label={t("Total")} className="orders-total">
                  <Currency amount={order.totalPrice} />
                </td>
                <td data-label={t("Action")}>
                  <div className="orders-actions">
                    <ReviewAction order={order} />
                    <button
                      type="button"
                      className="btn btn-secondary btn-small"
                      onClick={() => viewProof(order)}
                      disabled={loadProof.isPending && loadProof.variables === order.orderId}
                    >
                      {t("View Proof")}
                    </button>
                    <a
                      href={invoiceUrl(order.orderId)}
                      className="btn btn-secondary btn-small"
                      download={`invoice-${formatOrderId(order.orderId)}.pdf`}
                    >
                      {t("Invoice")}
                    </a>
                    {canCancel(order) ? (
                      <button type="button" className="btn btn-danger btn-small" onClick={() => setCancelling(order)}>
                        {t("Cancel Order")}
                      </button>
                    ) : null}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <Modal
        open={proof !== null}
        title={proof ? t("Proof for {{orderId}}", { orderId: formatOrderId(proof.orderId) }) : ""}
        onClose={() => setProof(null)}
        size="medium"
      >
        {proof ? (
          proofBroken ? (
            <p className="field-error">{t("Failed to load order proof.")}</p>
          ) : (
            <img
              className="proof-image"
              src={proof.url}
              alt={t("Delivery proof for order {{orderId}}", { orderId: formatOrderId(proof.orderId) })}
              width="640"
              height="480"
              onError={() => setProofBroken(true)}
            />
          )
        ) : null}
      </Modal>
      <ConfirmModal
        open={cancelling !== null}
        title={t("Cancel this order?")}
        message={
          cancelling ? (
            <p>
              {t("Order")} <strong>{formatOrderId(cancelling.orderId)}</strong>{" "}
              {t("will be cancelled and its flowers and delivery time given back. This cannot be undone.")}
            </p>
          ) : null
        }
        confirmLabel={cancel.isPending ? t("Cancelling...") : t("Yes, cancel the order")}
        cancelLabel={t("Keep the order")}
        danger
        busy={cancel.isPending}
        onConfirm={() => cancelling && cancel.mutate(cancelling.orderId)}
        onCancel={() => setCancelling(null)}
      />
      <MessageModal message={message} onClose={() => setMessage(null)} />
    </>
  );
}
