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
import { useTranslation } from "../../../lib/i18n";
import { orderDetailQuery } from "../api/orders";
import { cardSender, formatDelivery, shopToday, telHref } from "../lib/deliveries";
import { formatAdminDate, formatAdminDateTime } from "../lib/format";
import { DeliveryMoveModal } from "./deliveries-move-modal";
import { canMoveDelivery } from "./deliveries-order";
import { OrderPaymentSection } from "./order-payment-section";
import { PaymentBadge } from "./payment-badge";

export interface OrderDetailModalProps {
  orderId: number | null;
  onClose: () => void;
}

/** View Details: the whole order, its address read back from the checkout's text block, and its proof. */
export function OrderDetailModal({ orderId, onClose }: OrderDetailModalProps) {
  const { t } = useTranslation();
  const { data, isPending, error } = useQuery({ ...orderDetailQuery(orderId ?? 0), enabled: orderId !== null });
  let body: React.ReactNode;
  if (isPending) body = <LoadingState text={t("Loading...")} />;
  else if (error) body = <p className="alert alert-error">{messageOf(error, t("Gagal memuat detail pesanan."))}</p>;
  else body = <OrderDetailBody order={data} />;
  return (
    <Modal
      open={orderId !== null}
      title={orderId !== null ? t("Order {{order}}", { order: formatOrderId(orderId) }) : ""}
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
  const { t } = useTranslation();
  const address = readAddressBlock(order.shippingAddress);
  const subtotal = order.totalPrice - order.shippingCost;
  const proofUrl = resolveImageUrl(order.orderProof);
  return (
    <div className="order-detail">
      <dl className="detail-grid">
        <Field label={t("Order ID")}>{formatOrderId(order.orderId)}</Field>
        <Field label={t("Customer")}>{order.username}</Field>
        <Field label={t("Email")}>{order.email}</Field>
        <Field label={t("Order date")}>{formatAdminDateTime(order.orderDate)}</Field>
        <Field label={t("Estimated delivery")}>{formatAdminDate(order.deliveryDate)}</Field>
        <Field label={t("Order status")}>
          <StatusBadge status={order.orderStatus} />
        </Field>
        <Field label={t("Payment status")}>
          <PaymentBadge status={order.paymentStatus} />
        </Field>
      </dl>

      <OrderPaymentSection order={order} />

      <DeliverySection order={order} />

      <section className="detail-section" aria-label={t("Shipping address")}>
        <h3>{t("Shipping Address")}</h3>
        <dl className="detail-grid">
          <Field label={t("Recipient")}>{address.recipient}</Field>
          <Field label={t("Phone")}>{address.phone}</Field>
          <Field label={t("Email")}>{address.email}</Field>
          <Field label={t("Address")}>{address.address}</Field>
          {address.notes ? <Field label={t("Notes")}>{address.notes}</Field> : null}
        </dl>
      </section>

      <section className="detail-section" aria-label={t("Items")}>
        <h3>{t("Items")}</h3>
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

      <section className="detail-section" aria-label={t("Proof")}>
        <h3>{t("Proof")}</h3>
        {proofUrl ? (
          <a href={proofUrl} target="_blank" rel="noreferrer" className="detail-proof">
            <img src={proofUrl} alt={t("Proof for order {{order}}", { order: formatOrderId(order.orderId) })} />
          </a>
        ) : (
          <p className="admin-muted">{t("No proof uploaded for this order.")}</p>
        )}
      </section>
    </div>
  );
}

/** When and to whom the gift goes, its card, and the way to move it to another date or slot. */
function DeliverySection({ order }: { order: OrderDetail }) {
  const { t } = useTranslation();
  const [moving, setMoving] = useState(false);
  const [moved, setMoved] = useState<string | null>(null);
  const sender = cardSender(order);
  return (
    <section className="detail-section" aria-label={t("Delivery")}>
      <div className="detail-section-head">
        <h3>{t("Delivery")}</h3>
        {canMoveDelivery(order) ? (
          <button type="button" className="btn btn-secondary btn-small" onClick={() => setMoving(true)}>
            {t("Move delivery")}
          </button>
        ) : null}
      </div>
      {moved ? (
        <p className="alert alert-success" role="status">
          {moved}
        </p>
      ) : null}
      <dl className="detail-grid">
        <Field label={t("Date and slot")}>{order.delivery ? formatDelivery(order.delivery) : t("No slot")}</Field>
        <Field label={t("District")}>{order.deliveryZone?.name ?? order.delivery?.zoneName}</Field>
        {/* The order's own recipient fields only: an order without them has its name and phone in the
            shipping address below, and is not shown twice. */}
        <Field label={t("Recipient")}>{order.recipientName}</Field>
        <Field label={t("Recipient phone")}>
          {order.recipientPhone ? <a href={telHref(order.recipientPhone)}>{order.recipientPhone}</a> : null}
        </Field>
        <Field label={t("Card message")}>{order.cardMessage}</Field>
        {order.cardMessage ? <Field label={t("Card signed")}>{sender ?? t("Anonymous")}</Field> : null}
      </dl>
      <DeliveryMoveModal
        order={moving ? order : null}
        today={shopToday()}
        onClose={() => setMoving(false)}
        onMoved={(next) => {
          setMoving(false);
          setMoved(
            next.delivery ? t("Moved to {{slot}}.", { slot: formatDelivery(next.delivery) }) : t("Moved to no slot."),
          );
        }}
      />
    </section>
  );
}
