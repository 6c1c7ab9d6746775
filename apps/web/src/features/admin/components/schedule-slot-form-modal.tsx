import { useId, useState } from "react";
import { useTranslation } from "../../../lib/i18n";
import { NEW_SLOT, type SlotDraft, slotProblem } from "../lib/schedule-draft";
import { ScheduleEntryModal, ScheduleNumberField } from "./schedule-entry-modal";

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
  const { t } = useTranslation();
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
      title={slot ? t("Edit slot {{label}}", { label: slot.label }) : t("Add slot")}
      problem={problem}
      onApply={apply}
      onClose={onClose}
    >
      <div className="field">
        <label htmlFor={`${id}-label`}>{t("Label")}</label>
        <input
          id={`${id}-label`}
          className="input"
          value={label}
          maxLength={60}
          placeholder={t("Morning")}
          onChange={(event) => setLabel(event.target.value)}
        />
      </div>
      <div className="schedule-times">
        <div className="field">
          <label htmlFor={`${id}-start`}>{t("Start")}</label>
          <input
            id={`${id}-start`}
            className="input"
            type="time"
            value={start}
            onChange={(event) => setStart(event.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-end`}>{t("End")}</label>
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
          {t("Offer for the same day")}
        </label>
        {sameDay ? (
          <div className="field">
            <label htmlFor={`${id}-cutoff`}>{t("Same-day orders until")}</label>
            <input
              id={`${id}-cutoff`}
              className="input"
              type="time"
              value={cutoff}
              onChange={(event) => setCutoff(event.target.value)}
            />
          </div>
        ) : (
          <p className="field-hint">{t("Shoppers can book this slot from tomorrow on.")}</p>
        )}
      </div>
      <ScheduleNumberField
        id={`${id}-capacity`}
        label={t("Capacity")}
        value={capacity}
        step={1}
        hint={t("Orders per date. 0 takes no new orders.")}
        onChange={setCapacity}
      />
      <label className="checkbox">
        <input type="checkbox" checked={active} onChange={(event) => setActive(event.target.checked)} />
        {t("Offered to shoppers")}
      </label>
    </ScheduleEntryModal>
  );
}
