import type { OrderDetail } from "@florist/contract";
import { nextStatuses } from "@florist/contract/rules";
import { StatusBadge } from "../../../components/status-badge";
import { formatOrderId } from "../../../lib/format";
import { useTranslation } from "../../../lib/i18n";
import { addOnSummary, deliveryStop, itemSummary, telHref } from "../lib/deliveries";

export interface DeliveryOrderProps {
  order: OrderDetail;
  onView: (orderId: number) => void;
  onMove: (order: OrderDetail) => void;
}

/** Whether an order may still change its delivery: not once it is finished, denied or cancelled. */
export function canMoveDelivery(order: OrderDetail): boolean {
  return nextStatuses(order.orderStatus).length > 0;
}

/** One stop of the run: whom to ask for, where, what to hand over, and the order's state. */
export function DeliveryOrder({ order, onView, onMove }: DeliveryOrderProps) {
  const { t } = useTranslation();
  const stop = deliveryStop(order);
  const displayId = formatOrderId(order.orderId);
  return (
    <article className="delivery-order" aria-label={t("Order {{order}}", { order: displayId })}>
      <header className="delivery-order-head">
        <strong className="delivery-order-id">{displayId}</strong>
        <StatusBadge status={order.orderStatus} />
      </header>

      <dl className="delivery-order-facts">
        <div>
          <dt>{t("Recipient")}</dt>
          <dd>
            {stop.recipient || "-"}
            {stop.phone ? (
              <>
                {" · "}
                <a href={telHref(stop.phone)} className="delivery-phone">
                  {stop.phone}
                </a>
              </>
            ) : null}
          </dd>
        </div>
        <div>
          <dt>{t("District")}</dt>
          <dd>{stop.district || "-"}</dd>
        </div>
        <div className="delivery-order-wide">
          <dt>{t("Address")}</dt>
          <dd>{stop.address || "-"}</dd>
        </div>
        {stop.notes ? (
          <div className="delivery-order-wide">
            <dt>{t("Notes")}</dt>
            <dd>{stop.notes}</dd>
          </div>
        ) : null}
      </dl>

      <ul className="delivery-order-items" aria-label={t("Items")}>
        {order.items.map((item, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: order lines never reorder and a product may appear twice.
          <li key={index}>
            <span>{itemSummary(item)}</span>
            {item.customizations.length > 0 ? (
              <span className="admin-muted">{t("Add-ons: {{addOns}}", { addOns: addOnSummary(item) })}</span>
            ) : null}
          </li>
        ))}
      </ul>

      {order.cardMessage ? (
        <p className="delivery-order-card">
          <span className="admin-muted">{order.senderAnonymous ? t("Card (anonymous):") : t("Card:")}</span> “
          {order.cardMessage}”
        </p>
      ) : null}

      <div className="delivery-order-actions">
        <button type="button" className="btn btn-ghost btn-small" onClick={() => onView(order.orderId)}>
          {t("View Details")}
        </button>
        {canMoveDelivery(order) ? (
          <button type="button" className="btn btn-secondary btn-small" onClick={() => onMove(order)}>
            {t("Move")}
          </button>
        ) : null}
      </div>
    </article>
  );
}
