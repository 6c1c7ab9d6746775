import { orderStatusOf } from "@florist/contract/rules";
import { statusClass } from "../lib/format";

/**
 * A status as a coloured badge. An order status is read as the server reads it (case and spaces do
 * not matter), so "InDelivery" shows as In Delivery with its colour; any other text shows as given.
 */
export function StatusBadge({ status }: { status: string }) {
  const name = orderStatusOf(status) ?? status;
  return <span className={`status-badge ${statusClass(name)}`}>{name}</span>;
}
