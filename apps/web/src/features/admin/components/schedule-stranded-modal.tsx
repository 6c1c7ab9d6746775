import { ConfirmModal } from "../../../components/modal";
import { formatOrderId } from "../../../lib/format";
import { useTranslation } from "../../../lib/i18n";
import type { StrandedOrder } from "../hooks/use-schedule-editor";
import { formatDayTitle } from "../lib/deliveries";
import { strandReasonText } from "../lib/schedule-draft";

/**
 * Asks before a change that leaves booked orders without their place. Saving is allowed: the orders keep
 * their date and slot, and the florist may still deliver them or call the customers.
 */
export function ScheduleStrandedModal({
  stranded,
  busy,
  onConfirm,
  onCancel,
}: {
  stranded: readonly StrandedOrder[] | null;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const count = stranded?.length ?? 0;
  return (
    <ConfirmModal
      open={stranded !== null}
      title={count === 1 ? t("1 order loses its place") : t("{{number}} orders lose their place", { number: count })}
      confirmLabel={busy ? t("Saving...") : t("Save anyway")}
      cancelLabel={t("Go back")}
      busy={busy}
      onConfirm={onConfirm}
      onCancel={onCancel}
      message={
        <>
          <p>
            {count === 1
              ? t("This order keeps its date and slot, but the new schedule has no room for it:")
              : t("These orders keep their date and slot, but the new schedule has no room for them:")}
          </p>
          <ul className="schedule-stranded">
            {stranded?.map((order) => (
              <li key={`${order.orderId}-${order.date}`}>
                <strong>{formatOrderId(order.orderId)}</strong>
                <span>
                  {formatDayTitle(order.date)} · {order.slotLabel}
                </span>
                <span className="schedule-stranded-reason">{strandReasonText(order.reason)}</span>
              </li>
            ))}
          </ul>
          <p>{t("Save the schedule anyway?")}</p>
        </>
      }
    />
  );
}
