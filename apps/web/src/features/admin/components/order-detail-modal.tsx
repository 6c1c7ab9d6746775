import type { OrderDetail } from "@florist/contract";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Currency } from "../../../components/currency";
import { Modal } from "../../../components/modal";
import { OrderTotals } from "../../../components/order-totals";
import { LoadingState } from "../../../components/page-state";
import { StatusBadge } from "../../../components/status-badge";
import { readAddressBlock } from "../../../lib/address";
import { messageOf, resolveImageUrl } from "../../../lib/api-client";
import { formatOrderId } from "../../../lib/format";
import { orderDetailQuery } from "../api/orders";
import { cardSender, formatDelivery, shopToday, telHref } from "../lib/deliveries";
import { formatAdminDate, formatAdminDateTime } from "../lib/format";
import { DeliveryMoveModal } from "./deliveries-move-modal";
import { canMoveDelivery } from "./deliveries-order";
import { OrderPaymentSection } from "./order-payment-section";

export interface OrderDetailModalProps {
  orderId: number | null;
  onClose: () => void;
}

/** View Details: the whole order, its address read back from the checkout's text block, and its proof. */
export function OrderDetailModal({ orderId, onClose }: OrderDetailModalProps) {
  const { data, isPending, error } = useQuery({ ...orderDetailQuery(orderId ?? 0), enabled: orderId !== null });
  let body: React.ReactNode;
  if (isPending) body = <LoadingState text="Loading..." />;
  else if (error) body = <p className="alert alert-error">{messageOf(error, "Gagal memuat detail pesanan.")}</p>;
  else body = <OrderDetailBody order={data} />;
  return (
    <Modal
      open={orderId !== null}
      title={orderId !== null ? `Order ${formatOrderId(orderId)}` : ""}
      onClose={onClose}
      size="large"
    >
      {body}
    </Modal>
  );
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="detail-field">
      <dt>{label}</dt>
      <dd>{children || "-"}</dd>
    </div>
  );
}

function OrderDetailBody({ order }: { order: OrderDetail }) {
  const address = readAddressBlock(order.shippingAddress);
  const subtotal = order.totalPrice - order.shippingCost;
  const proofUrl = resolveImageUrl(order.orderProof);
  return (
    <div className="order-detail">
      <dl className="detail-grid">
        <Field label="Order ID">{formatOrderId(order.orderId)}</Field>
        <Field label="Customer">{order.username}</Field>
        <Field label="Email">{order.email}</Field>
        <Field label="Order date">{formatAdminDateTime(order.orderDate)}</Field>
        <Field label="Estimated delivery">{formatAdminDate(order.deliveryDate)}</Field>
        <Field label="Order status">
          <StatusBadge status={order.orderStatus} />
        </Field>
        <Field label="Payment status">{order.paymentStatus}</Field>
      </dl>

      <OrderPaymentSection order={order} />

      <DeliverySection order={order} />

      <section className="detail-section" aria-label="Shipping address">
        <h3>Shipping Address</h3>
        <dl className="detail-grid">
          <Field label="Recipient">{address.recipient}</Field>
          <Field label="Phone">{address.phone}</Field>
          <Field label="Email">{address.email}</Field>
          <Field label="Address">{address.address}</Field>
          {address.notes ? <Field label="Notes">{address.notes}</Field> : null}
        </dl>
      </section>

      <section className="detail-section" aria-label="Items">
        <h3>Items</h3>
        <ul className="detail-items">
          {order.items.map((item, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: order lines never reorder and a product may appear twice.
            <li key={index} className="detail-item">
              <div>
                <strong>{item.productName}</strong>
                <span className="admin-muted">
                  {[item.size, item.color].filter(Boolean).join(" · ")}
                  {item.size || item.color ? " · " : ""}× {item.quantity}
                </span>
                {item.customizations.length > 0 ? (
                  <span className="admin-muted">
                    {item.customizations.map((c) => `${c.name} × ${c.quantity}`).join(", ")}
                  </span>
                ) : null}
              </div>
              <Currency amount={item.linePrice} />
            </li>
          ))}
        </ul>
        <OrderTotals
          className="detail-totals"
          subtotal={subtotal}
          shipping={order.shippingCost}
          total={order.totalPrice}
        />
      </section>

      <section className="detail-section" aria-label="Proof">
        <h3>Proof</h3>
        {proofUrl ? (
          <a href={proofUrl} target="_blank" rel="noreferrer" className="detail-proof">
            <img src={proofUrl} alt={`Proof for order ${formatOrderId(order.orderId)}`} />
          </a>
        ) : (
          <p className="admin-muted">No proof uploaded for this order.</p>
        )}
      </section>
    </div>
  );
}

/** When and to whom the gift goes, its card, and the way to move it to another date or slot. */
function DeliverySection({ order }: { order: OrderDetail }) {
  const [moving, setMoving] = useState(false);
  const [moved, setMoved] = useState<string | null>(null);
  const sender = cardSender(order);
  return (
    <section className="detail-section" aria-label="Delivery">
      <div className="detail-section-head">
        <h3>Delivery</h3>
        {canMoveDelivery(order) ? (
          <button type="button" className="btn btn-secondary btn-small" onClick={() => setMoving(true)}>
            Move delivery
          </button>
        ) : null}
      </div>
      {moved ? (
        <p className="alert alert-success" role="status">
          {moved}
        </p>
      ) : null}
      <dl className="detail-grid">
        <Field label="Date and slot">{order.delivery ? formatDelivery(order.delivery) : "No slot"}</Field>
        <Field label="District">{order.deliveryZone?.name ?? order.delivery?.zoneName}</Field>
        {/* The order's own recipient fields only: an order without them has its name and phone in the
            shipping address below, and is not shown twice. */}
        <Field label="Recipient">{order.recipientName}</Field>
        <Field label="Recipient phone">
          {order.recipientPhone ? <a href={telHref(order.recipientPhone)}>{order.recipientPhone}</a> : null}
        </Field>
        <Field label="Card message">{order.cardMessage}</Field>
        {order.cardMessage ? <Field label="Card signed">{sender ?? "Anonymous"}</Field> : null}
      </dl>
      <DeliveryMoveModal
        order={moving ? order : null}
        today={shopToday()}
        onClose={() => setMoving(false)}
        onMoved={(next) => {
          setMoving(false);
          setMoved(`Moved to ${next.delivery ? formatDelivery(next.delivery) : "no slot"}.`);
        }}
      />
    </section>
  );
}
