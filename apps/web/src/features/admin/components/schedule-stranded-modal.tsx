import { ConfirmModal } from "../../../components/modal";
import { formatOrderId } from "../../../lib/format";
import type { StrandedOrder } from "../hooks/use-schedule-editor";
import { formatDayTitle } from "../lib/deliveries";
import { STRAND_REASON_TEXT } from "../lib/schedule-draft";

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
  const count = stranded?.length ?? 0;
  return (
    <ConfirmModal
      open={stranded !== null}
      title={count === 1 ? "1 order loses its place" : `${count} orders lose their place`}
      confirmLabel={busy ? "Saving..." : "Save anyway"}
      cancelLabel="Go back"
      busy={busy}
      onConfirm={onConfirm}
      onCancel={onCancel}
      message={
        <>
          <p>
            {count === 1
              ? "This order keeps its date and slot, but the new schedule has no room for it:"
              : "These orders keep their date and slot, but the new schedule has no room for them:"}
          </p>
          <ul className="schedule-stranded">
            {stranded?.map((order) => (
              <li key={`${order.orderId}-${order.date}`}>
                <strong>{formatOrderId(order.orderId)}</strong>
                <span>
                  {formatDayTitle(order.date)} · {order.slotLabel}
                </span>
                <span className="schedule-stranded-reason">{STRAND_REASON_TEXT[order.reason]}</span>
              </li>
            ))}
          </ul>
          <p>Save the schedule anyway?</p>
        </>
      }
    />
  );
}
