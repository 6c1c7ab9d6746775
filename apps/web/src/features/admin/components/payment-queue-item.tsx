import type { OrderDetail } from "@florist/contract";
import { Currency } from "../../../components/currency";
import { StatusBadge } from "../../../components/status-badge";
import { formatOrderId } from "../../../lib/format";
import { useTranslation } from "../../../lib/i18n";
import { formatAdminDateTime } from "../lib/format";
import { PaymentReceipt } from "./payment-receipt";

export interface PaymentQueueItemProps {
  order: OrderDetail;
  busy: boolean;
  onApprove: (order: OrderDetail) => void;
  onReject: (order: OrderDetail) => void;
}

/** One receipt to check: the image beside what the bank statement must show. */
export function PaymentQueueItem({ order, busy, onApprove, onReject }: PaymentQueueItemProps) {
  const { t } = useTranslation();
  const id = formatOrderId(order.orderId);
  return (
    <li className="card payment-item" data-order-id={order.orderId} aria-labelledby={`payment-${order.orderId}`}>
      <PaymentReceipt orderId={order.orderId} path={order.paymentProof} />
      <div className="payment-item-body">
        <div className="payment-item-head">
          <h3 id={`payment-${order.orderId}`} className="payment-item-id">
            {id}
          </h3>
          <StatusBadge status={order.orderStatus} />
        </div>
        <dl className="payment-facts">
          <div>
            <dt>{t("Amount expected")}</dt>
            <dd className="payment-amount">
              <Currency amount={order.totalPrice} />
            </dd>
          </div>
          <div>
            <dt>{t("Transfer note")}</dt>
            <dd>{id}</dd>
          </div>
          <div>
            <dt>{t("Customer")}</dt>
            <dd>
              {order.username}
              <span className="admin-muted">{order.email}</span>
            </dd>
          </div>
          <div>
            <dt>{t("Ordered")}</dt>
            <dd>{formatAdminDateTime(order.orderDate)}</dd>
          </div>
          {order.paymentNote ? (
            <div>
              <dt>{t("Earlier note")}</dt>
              <dd>{order.paymentNote}</dd>
            </div>
          ) : null}
        </dl>
        <div className="row-actions payment-item-actions">
          <button type="button" className="btn btn-primary" onClick={() => onApprove(order)} disabled={busy}>
            {t("Approve")}
          </button>
          <button type="button" className="btn btn-secondary" onClick={() => onReject(order)} disabled={busy}>
            {t("Reject")}
          </button>
        </div>
      </div>
    </li>
  );
}
