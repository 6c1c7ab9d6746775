import { useId, useState } from "react";
import { NEW_SLOT, type SlotDraft, slotProblem } from "../lib/schedule-draft";
import { ScheduleEntryModal } from "./schedule-entry-modal";

/** Adds a slot (`slot` null) or edits one: its label, hours, same-day cutoff, capacity and whether it is offered. */
export function ScheduleSlotFormModal({
  slot,
  onApply,
  onClose,
}: {
  slot: SlotDraft | null;
  onApply: (slot: SlotDraft) => void;
  onClose: () => void;
}) {
  const id = useId();
  const initial = slot ?? NEW_SLOT;
  const [label, setLabel] = useState(initial.label);
  const [start, setStart] = useState(initial.start);
  const [end, setEnd] = useState(initial.end);
  const [sameDay, setSameDay] = useState(initial.sameDayCutoff !== null);
  const [cutoff, setCutoff] = useState(initial.sameDayCutoff ?? "08:00");
  const [capacity, setCapacity] = useState(String(initial.capacity));
  const [active, setActive] = useState(initial.active);
  const [problem, setProblem] = useState<string | null>(null);

  function apply() {
    const next: SlotDraft = {
      ...(slot?.slotId ? { slotId: slot.slotId } : {}),
      label: label.trim(),
      start,
      end,
      sameDayCutoff: sameDay ? cutoff : null,
      capacity: capacity.trim() === "" ? Number.NaN : Number(capacity),
      active,
    };
    const found = slotProblem(next);
    setProblem(found);
    if (!found) onApply(next);
  }

  return (
    <ScheduleEntryModal
      title={slot ? `Edit slot ${slot.label}` : "Add slot"}
      problem={problem}
      onApply={apply}
      onClose={onClose}
    >
      <div className="field">
        <label htmlFor={`${id}-label`}>Label</label>
        <input
          id={`${id}-label`}
          className="input"
          value={label}
          maxLength={60}
          placeholder="Pagi"
          onChange={(event) => setLabel(event.target.value)}
        />
      </div>
      <div className="schedule-times">
        <div className="field">
          <label htmlFor={`${id}-start`}>Start</label>
          <input
            id={`${id}-start`}
            className="input"
            type="time"
            value={start}
            onChange={(event) => setStart(event.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-end`}>End</label>
          <input
            id={`${id}-end`}
            className="input"
            type="time"
            value={end}
            onChange={(event) => setEnd(event.target.value)}
          />
        </div>
      </div>
      <div className="schedule-same-day">
        <label className="checkbox">
          <input type="checkbox" checked={sameDay} onChange={(event) => setSameDay(event.target.checked)} />
          Offer for the same day
        </label>
        {sameDay ? (
          <div className="field">
            <label htmlFor={`${id}-cutoff`}>Same-day orders until</label>
            <input
              id={`${id}-cutoff`}
              className="input"
              type="time"
              value={cutoff}
              onChange={(event) => setCutoff(event.target.value)}
            />
          </div>
        ) : (
          <p className="field-hint">Shoppers can book this slot from tomorrow on.</p>
        )}
      </div>
      <div className="field">
        <label htmlFor={`${id}-capacity`}>Capacity</label>
        <input
          id={`${id}-capacity`}
          className="input schedule-number"
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          value={capacity}
          aria-describedby={`${id}-capacity-hint`}
          onChange={(event) => setCapacity(event.target.value)}
        />
        <p id={`${id}-capacity-hint`} className="field-hint">
          Orders per date. 0 takes no new orders.
        </p>
      </div>
      <label className="checkbox">
        <input type="checkbox" checked={active} onChange={(event) => setActive(event.target.checked)} />
        Offered to shoppers
      </label>
    </ScheduleEntryModal>
  );
}
