import type { OrderDetail } from "@florist/contract";
import { useState } from "react";
import { useTranslation } from "../../../lib/i18n";
import { formatAdminDateTime } from "../lib/format";
import { canMarkPaid } from "../lib/payments";
import { PaymentNoteModal } from "./payment-note-modal";
import { PaymentReceipt } from "./payment-receipt";

/**
 * The order's payment in its details, below the payment status the dialog already shows: the
 * deadline, the admin's note, the shopper's transfer receipt, and "Mark paid" for money that
 * arrived without one.
 */
export function OrderPaymentSection({ order }: { order: OrderDetail }) {
  const { t } = useTranslation();
  const [marking, setMarking] = useState(false);
  const [marked, setMarked] = useState(false);
  return (
    <section className="detail-section" aria-label={t("Payment")}>
      <div className="detail-section-head">
        <h3>{t("Payment")}</h3>
        {canMarkPaid(order) ? (
          <button type="button" className="btn btn-secondary btn-small" onClick={() => setMarking(true)}>
            {t("Mark paid")}
          </button>
        ) : null}
      </div>
      {marked ? (
        <p className="alert alert-success" role="status">
          {t("Marked paid.")}
        </p>
      ) : null}
      {order.paymentDueAt || order.paymentNote ? (
        <dl className="detail-grid">
          {order.paymentDueAt ? (
            <div className="detail-field">
              <dt>{t("Pay by")}</dt>
              <dd>{formatAdminDateTime(order.paymentDueAt)}</dd>
            </div>
          ) : null}
          {order.paymentNote ? (
            <div className="detail-field">
              <dt>{t("Note")}</dt>
              <dd>{order.paymentNote}</dd>
            </div>
          ) : null}
        </dl>
      ) : null}
      <PaymentReceipt orderId={order.orderId} path={order.paymentProof} />
      <PaymentNoteModal
        decision="paid"
        target={marking ? { orderId: order.orderId, customer: order.username, amount: order.totalPrice } : null}
        onClose={() => setMarking(false)}
        onDecided={() => {
          setMarking(false);
          setMarked(true);
        }}
      />
    </section>
  );
}
