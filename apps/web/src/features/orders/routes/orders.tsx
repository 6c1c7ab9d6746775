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
import { awaitsPayment, canCancel, invoiceUrl, paymentInWords } from "../../../lib/payment";
import { cancelOrder, fetchOrder, ordersQuery } from "../api/orders";
import "../orders.css";

export default function OrdersPage() {
  const { user } = useAuth();
  return (
    <div className="container page">
      <PageHeader eyebrow="Orders" title="My Orders" />
      {user ? (
        <OrderHistory userId={user.user_id} />
      ) : (
        <LoginPrompt text="Please log in to view your order history." redirectTo="/pesanan" />
      )}
    </div>
  );
}

const PROOF_FAILED = "Failed to load order proof.";

function ReviewAction({ order }: { order: OrderSummary }) {
  if (order.review) return <span className="reviewed">Reviewed</span>;
  if (isReviewable(order.orderStatus))
    return (
      <Link to={`/review/${order.orderId}`} className="btn btn-accent btn-small">
        Write Review
      </Link>
    );
  return <span className="no-action">-</span>;
}

/**
 * When and where the order goes, who receives it and the card. The slot's times are the shop's (WIB):
 * they are shown as the server wrote them, never converted to the browser's zone.
 */
function OrderDelivery({ order }: { order: OrderSummary }) {
  const district = order.delivery?.zoneName ?? order.deliveryZone?.name;
  return (
    <div className="order-delivery">
      <p className="order-delivery-when">
        {order.delivery ? (
          <>
            {formatDelivery(order.delivery)} <span className="order-delivery-tz">WIB</span>
          </>
        ) : (
          "To be arranged"
        )}
      </p>
      {district || order.recipientName ? (
        <p>{[district, order.recipientName ? `for ${order.recipientName}` : null].filter(Boolean).join(" · ")}</p>
      ) : null}
      {order.cardMessage ? <p className="order-card-message">“{order.cardMessage}”</p> : null}
      {order.senderAnonymous ? <span className="order-anonymous">Anonymous</span> : null}
    </div>
  );
}

/** The payment in words, with the way to pay while it is still owed. */
function OrderPayment({ order }: { order: OrderSummary }) {
  const rejected = order.paymentStatus === "Rejected";
  return (
    <div className="order-payment">
      <span className={rejected ? "order-payment-state order-payment-rejected" : "order-payment-state"}>
        {paymentInWords(order)}
      </span>
      {awaitsPayment(order) ? (
        <Link to={`/pesanan/${order.orderId}/bayar`} className="order-payment-link">
          {rejected ? "Upload receipt again" : "How to pay"}
        </Link>
      ) : null}
    </div>
  );
}

function OrderHistory({ userId }: { userId: number }) {
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
        setMessage({ title: "No proof uploaded for this order." });
        return;
      }
      setProofBroken(false);
      setProof({ orderId: detail.orderId, url });
    },
    onError: (error) => setMessage({ title: messageOf(error, PROOF_FAILED) }),
  });

  const cancel = useMutation({
    mutationFn: cancelOrder,
    onSuccess: async (cancelled) => {
      setCancelling(null);
      setMessage({ title: `Order ${formatOrderId(cancelled.orderId)} has been cancelled.` });
      await queryClient.invalidateQueries({ queryKey: ["orders", userId] });
    },
    onError: (error) => {
      setCancelling(null);
      setMessage({ title: messageOf(error, "Failed to cancel the order.") });
    },
  });

  function viewProof(order: OrderSummary) {
    if (!order.orderProof) {
      setMessage({ title: "No proof uploaded for this order." });
      return;
    }
    loadProof.mutate(order.orderId);
  }

  if (orders.isPending) return <LoadingState text="Loading order history..." />;
  // On failure no stale list stays on screen: only the message is shown.
  if (orders.error) return <ErrorState text={messageOf(orders.error, "Failed to load orders.")} />;
  if (orders.data.length === 0)
    return (
      <EmptyState text="No orders yet. Start shopping now!">
        <Link to="/katalog" className="btn btn-primary">
          Explore the Catalog
        </Link>
      </EmptyState>
    );

  return (
    <>
      <div className="orders-table-wrap card">
        <table className="orders-table">
          <thead>
            <tr>
              <th scope="col">Order ID</th>
              <th scope="col">Date</th>
              <th scope="col">Delivery</th>
              <th scope="col">Status</th>
              <th scope="col">Payment</th>
              <th scope="col">Total</th>
              <th scope="col">Action</th>
            </tr>
          </thead>
          <tbody>
            {orders.data.map((order) => (
              <tr key={order.orderId}>
                <th scope="row" data-label="Order ID">
                  {formatOrderId(order.orderId)}
                </th>
                <td data-label="Date">{formatCustomerDate(order.orderDate)}</td>
                <td data-label="Delivery" className="orders-delivery">
                  <OrderDelivery order={order} />
                </td>
                <td data-label="Status">
                  <StatusBadge status={order.orderStatus} />
                </td>
                <td data-label="Payment">
                  <OrderPayment order={order} />
                </td>
                <td data-label="Total" className="orders-total">
                  <Currency amount={order.totalPrice} />
                </td>
                <td data-label="Action">
                  <div className="orders-actions">
                    <ReviewAction order={order} />
                    <button
                      type="button"
                      className="btn btn-secondary btn-small"
                      onClick={() => viewProof(order)}
                      disabled={loadProof.isPending && loadProof.variables === order.orderId}
                    >
                      View Proof
                    </button>
                    <a
                      href={invoiceUrl(order.orderId)}
                      className="btn btn-secondary btn-small"
                      download={`invoice-${formatOrderId(order.orderId)}.pdf`}
                    >
                      Invoice
                    </a>
                    {canCancel(order) ? (
                      <button type="button" className="btn btn-danger btn-small" onClick={() => setCancelling(order)}>
                        Cancel Order
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
        title={proof ? `Proof for ${formatOrderId(proof.orderId)}` : ""}
        onClose={() => setProof(null)}
        size="medium"
      >
        {proof ? (
          proofBroken ? (
            <p className="field-error">{PROOF_FAILED}</p>
          ) : (
            <img
              className="proof-image"
              src={proof.url}
              alt={`Delivery proof for order ${formatOrderId(proof.orderId)}`}
              width="640"
              height="480"
              onError={() => setProofBroken(true)}
            />
          )
        ) : null}
      </Modal>
      <ConfirmModal
        open={cancelling !== null}
        title="Cancel this order?"
        message={
          cancelling ? (
            <p>
              Order <strong>{formatOrderId(cancelling.orderId)}</strong> will be cancelled and its flowers and delivery
              time given back. This cannot be undone.
            </p>
          ) : null
        }
        confirmLabel={cancel.isPending ? "Cancelling..." : "Yes, cancel the order"}
        cancelLabel="Keep the order"
        danger
        busy={cancel.isPending}
        onConfirm={() => cancelling && cancel.mutate(cancelling.orderId)}
        onCancel={() => setCancelling(null)}
      />
      <MessageModal message={message} onClose={() => setMessage(null)} />
    </>
  );
}
