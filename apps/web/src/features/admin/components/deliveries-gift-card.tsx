import type { OrderDetail } from "@florist/contract";
import { formatOrderId } from "../../../lib/format";
import { useTranslation } from "../../../lib/i18n";
import { cardSender, deliveryStop, slotTime } from "../lib/deliveries";

/** Whether an order has anything to write on a card: a message, or a sender to sign it. */
export function hasGiftCard(order: OrderDetail): boolean {
  return Boolean(order.cardMessage?.trim()) || cardSender(order) !== null;
}

/**
 * One printed gift card: a small line for the florist to match it with its bouquet, then the message
 * and the sender's name. An anonymous gift carries no name at all.
 */
export function DeliveriesGiftCard({ order }: { order: OrderDetail }) {
  const { t } = useTranslation();
  const sender = cardSender(order);
  const stop = deliveryStop(order);
  const displayId = formatOrderId(order.orderId);
  const when = order.delivery ? `${order.delivery.label} ${slotTime(order.delivery)}` : t("Without a slot");
  return (
    <article className="gift-card" aria-label={t("Card for {{order}}", { order: displayId })}>
      <p className="gift-card-tag">
        {displayId} · {when} · {t("For {{recipient}}", { recipient: stop.recipient || "-" })}
      </p>
      <div className="gift-card-body">
        {order.cardMessage ? <p className="gift-card-message">{order.cardMessage}</p> : null}
        {sender ? <p className="gift-card-sender">— {sender}</p> : null}
      </div>
    </article>
  );
}
