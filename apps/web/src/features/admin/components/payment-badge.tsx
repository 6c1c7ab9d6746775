import { statusClass } from "../../../lib/format";
import { paymentStatusOf } from "../lib/payments";
import "../payments.css";

/** A payment status as a coloured badge; one the shop does not know shows as given. */
export function PaymentBadge({ status }: { status: string }) {
  const name = paymentStatusOf(status) ?? status;
  return <span className={`payment-badge payment-${statusClass(name)}`}>{name}</span>;
}
