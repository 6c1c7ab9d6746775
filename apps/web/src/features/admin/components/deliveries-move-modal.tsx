import type { OrderDetail, SlotAvailability } from "@florist/contract";
import { useId } from "react";
import { FormError } from "../../../components/form-feedback";
import { ConfirmModal, Modal } from "../../../components/modal";
import { LoadingState } from "../../../components/page-state";
import { formatOrderId } from "../../../lib/format";
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

const REASON_TEXT: Record<NonNullable<SlotAvailability["reason"]>, string> = {
  closed: "Closed",
  full: "Full",
  cutoff: "Past today's cutoff",
};

function slotState(order: OrderDetail, date: string, slot: SlotAvailability): string {
  if (isCurrentSlot(order, date, slot.slotId)) return "Current slot";
  if (slot.reason) return REASON_TEXT[slot.reason];
  return `${slot.remaining} left`;
}

function MoveDialog({ order, today, onClose, onMoved }: DeliveryMoveModalProps & { order: OrderDetail }) {
  const dateId = useId();
  const move = useDeliveryMove(order, today, onMoved);
  const displayId = formatOrderId(order.orderId);
  const slotName = move.chosen ? `${move.chosen.label} ${slotTime(move.chosen)}` : "";

  let slotsBody: React.ReactNode;
  if (move.loadingSlots) slotsBody = <LoadingState text="Loading slots..." />;
  else if (move.slotsError) slotsBody = <p className="alert alert-error">{move.slotsError}</p>;
  else if (move.slots.length === 0) slotsBody = <p className="admin-muted">No delivery slots on this date.</p>;
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
                {slotState(order, move.date, slot)}
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
        title={`Move ${displayId}`}
        onClose={move.busy ? () => undefined : onClose}
        size="medium"
        actions={
          <>
            <button type="button" className="btn btn-secondary" onClick={onClose} disabled={move.busy}>
              Cancel
            </button>
            <button type="button" className="btn btn-primary" onClick={move.submit} disabled={move.busy}>
              {move.busy ? "Moving..." : "Move order"}
            </button>
          </>
        }
      >
        <div className="move-form">
          <p className="admin-muted">Now: {order.delivery ? formatDelivery(order.delivery) : "no delivery slot"}</p>
          <div className="field">
            <label htmlFor={dateId}>New delivery date</label>
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
            <legend>Time slot</legend>
            {slotsBody}
          </fieldset>
          <FormError message={move.failure} />
        </div>
      </Modal>
      <ConfirmModal
        open={move.askingOverCapacity}
        title="Book over capacity?"
        message={
          <p>
            {slotName} on {formatDayTitle(move.date)} is full. Book {displayId} there anyway, beyond its capacity (an
            order taken on the phone)?
          </p>
        }
        confirmLabel="Yes, book over capacity"
        busy={move.busy}
        onConfirm={move.confirmOverCapacity}
        onCancel={move.cancelOverCapacity}
      />
    </>
  );
}
