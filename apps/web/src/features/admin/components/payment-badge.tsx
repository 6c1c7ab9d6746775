import type { PaymentStatus } from "@florist/contract/rules";
import { statusClass } from "../../../lib/format";
import { useTranslation } from "../../../lib/i18n";
import { paymentStatusOf } from "../lib/payments";
import "../payments.css";

/** A payment status in the admin's language: the statuses are data, so each is named here, one literal text each. */
export function usePaymentStatusName(): (status: PaymentStatus) => string {
  const { t } = useTranslation();
  return (status) => {
    const names: Record<PaymentStatus, string> = {
      Pending: t("Pending"),
      "Awaiting Verification": t("Awaiting Verification"),
      Paid: t("Paid"),
      Rejected: t("Rejected"),
    };
    return names[status];
  };
}

/** A payment status as a coloured badge; one the shop does not know shows as given. */
export function PaymentBadge({ status }: { status: string }) {
  const statusName = usePaymentStatusName();
  const known = paymentStatusOf(status);
  const name = known ?? status;
  return <span className={`payment-badge payment-${statusClass(name)}`}>{known ? statusName(known) : name}</span>;
}
