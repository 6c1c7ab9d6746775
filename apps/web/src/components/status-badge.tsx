import { type OrderStatus, orderStatusOf } from "@florist/contract/rules";
import { statusClass } from "../lib/format";
import { useTranslation } from "../lib/i18n";

/** An order status in the shop's language: the statuses are data, so each is named here, one literal text each. */
export function useOrderStatusName(): (status: OrderStatus) => string {
  const { t } = useTranslation();
  return (status) => {
    const names: Record<OrderStatus, string> = {
      "Order Received": t("Order Received"),
      "In Delivery": t("In Delivery"),
      Finished: t("Finished"),
      Denied: t("Denied"),
      Cancelled: t("Cancelled"),
    };
    return names[status];
  };
}

/**
 * A status as a coloured badge. An order status is read as the server reads it (case and spaces do
 * not matter), so "InDelivery" shows as In Delivery with its colour, in the shop's language; any
 * other text shows as given.
 */
export function StatusBadge({ status }: { status: string }) {
  const statusName = useOrderStatusName();
  const known = orderStatusOf(status);
  const name = known ?? status;
  return <span className={`status-badge ${statusClass(name)}`}>{known ? statusName(known) : name}</span>;
}
