import type { OrderDetail, SlotAvailability } from "@florist/contract";
import { useId } from "react";
import { FormError } from "../../../components/form-feedback";
import { ConfirmModal, Modal } from "../../../components/modal";
import { LoadingState } from "../../../components/page-state";
import { formatOrderId } from "../../../lib/format";
import { type TFunction, useTranslation } from "../../../lib/i18n";
import { isCurrentSlot, useDeliveryMove } from "../hooks/use-delivery-move";
import { formatDayTitle, formatDelivery, slotTime } from "../lib/deliveries";
// The dialog also opens from the dashboard's order details, which do not load the deliveries screen.
import "../deliveries.css";

export interface DeliveryMoveModalProps {
  /** The order to move; null keeps the dialog closed. */
  order: OrderDetail | null;
  today: string;
  onClose: () => void;
  onMoved: (moved: OrderDetail) => void;
}

/** Moving an order to another date and slot, from the deliveries screen or the order's details. */
export function DeliveryMoveModal({ order, today, onClose, onMoved }: DeliveryMoveModalProps) {
  if (!order) return null;
  // Keyed by order, so a dialog opened for another order starts afresh.
  return <MoveDialog key={order.orderId} order={order} today={today} onClose={onClose} onMoved={onMoved} />;
}

function slotState(t: TFunction, order: OrderDetail, date: string, slot: SlotAvailability): string {
  if (isCurrentSlot(order, date, slot.slotId)) return t("Current slot");
  const reasons: Record<NonNullable<SlotAvailability["reason"]>, string> = {
    closed: t("Closed"),
    full: t("Full"),
    cutoff: t("Past today's cutoff"),
  };
  if (slot.reason) return reasons[slot.reason];
  return t("{{number}} left", { number: slot.remaining });
}

function MoveDialog({ order, today, onClose, onMoved }: DeliveryMoveModalProps & { order: OrderDetail }) {
  const { t } = useTranslation();
  const dateId = useId();
  const move = useDeliveryMove(order, today, onMoved);
  const displayId = formatOrderId(order.orderId);
  const slotName = move.chosen ? `${move.chosen.label} ${slotTime(move.chosen)}` : "";

  let slotsBody: React.ReactNode;
  if (move.loadingSlots) slotsBody = <LoadingState text={t("Loading slots...")} />;
  else if (move.slotsError) slotsBody = <p className="alert alert-error">{move.slotsError}</p>;
  else if (move.slots.length === 0) slotsBody = <p className="admin-muted">{t("No delivery slots on this date.")}</p>;
  else
    slotsBody = (
      <div className="move-slots">
        {move.slots.map((slot) => {
          const current = isCurrentSlot(order, move.date, slot.slotId);
          const disabled = current || slot.reason === "closed";
          return (
            <label key={slot.slotId} className={`move-slot${disabled ? " is-disabled" : ""}`}>
              <input
                type="radio"
                name={`${dateId}-slot`}
                value={slot.slotId}
                checked={move.slotId === slot.slotId}
                disabled={disabled || move.busy}
                onChange={() => move.chooseSlot(slot.slotId)}
              />
              <span className="move-slot-name">
                {slot.label} <span className="move-slot-time">{slotTime(slot)}</span>
              </span>
              <span className={`move-slot-state${slot.reason ? ` is-${slot.reason}` : ""}`}>
                {slotState(t, order, move.date, slot)}
              </span>
            </label>
          );
        })}
      </div>
    );

  return (
    <>
      <Modal
        open
        title={t("Move {{order}}", { order: displayId })}
        onClose={move.busy ? () => undefined : onClose}
        size="medium"
        actions={
          <>
            <button type="button" className="btn btn-secondary" onClick={onClose} disabled={move.busy}>
              {t("Cancel")}
            </button>
            <button type="button" className="btn btn-primary" onClick={move.submit} disabled={move.busy}>
              {move.busy ? t("Moving...") : t("Move order")}
            </button>
          </>
        }
      >
        <div className="move-form">
          <p className="admin-muted">
            {order.delivery ? t("Now: {{slot}}", { slot: formatDelivery(order.delivery) }) : t("Now: no delivery slot")}
          </p>
          <div className="field">
            <label htmlFor={dateId}>{t("New delivery date")}</label>
            <input
              id={dateId}
              className="input"
              type="date"
              min={today}
              value={move.date}
              disabled={move.busy}
              onChange={(event) => {
                if (event.target.value) move.setDate(event.target.value);
              }}
            />
          </div>
          <fieldset className="form-fieldset move-slots-fieldset">
            <legend>{t("Time slot")}</legend>
            {slotsBody}
          </fieldset>
          <FormError message={move.failure} />
        </div>
      </Modal>
      <ConfirmModal
        open={move.askingOverCapacity}
        title={t("Book over capacity?")}
        message={
          <p>
            {t(
              "{{slot}} on {{date}} is full. Book {{order}} there anyway, beyond its capacity (an order taken on the phone)?",
              { slot: slotName, date: formatDayTitle(move.date), order: displayId },
            )}
          </p>
        }
        confirmLabel={t("Yes, book over capacity")}
        busy={move.busy}
        onConfirm={move.confirmOverCapacity}
        onCancel={move.cancelOverCapacity}
      />
    </>
  );
}
