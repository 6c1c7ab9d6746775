import { useState } from "react";
import { useTranslation } from "../../../lib/i18n";
import { slotTime } from "../lib/deliveries";
import { cutoffText, type SlotDraft } from "../lib/schedule-draft";
import { ScheduleSlotFormModal } from "./schedule-slot-form-modal";

type Editing = { index: number | null } | null;

/** The day's delivery slots, each with its hours, same-day cutoff and capacity; added and edited in a dialog. */
export function ScheduleSlotsCard({
  slots,
  onChange,
}: {
  slots: readonly SlotDraft[];
  onChange: (slots: SlotDraft[]) => void;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<Editing>(null);

  function apply(slot: SlotDraft) {
    const index = editing?.index ?? null;
    onChange(index === null ? [...slots, slot] : slots.map((old, i) => (i === index ? slot : old)));
    setEditing(null);
  }

  return (
    <section className="card admin-card" aria-labelledby="schedule-slots-title">
      <div className="admin-card-head">
        <h2 id="schedule-slots-title" className="admin-card-title">
          {t("Time slots")}
        </h2>
        <button type="button" className="btn btn-secondary btn-small" onClick={() => setEditing({ index: null })}>
          {t("Add slot")}
        </button>
      </div>
      <p className="admin-muted">{t("Each slot takes up to its capacity of orders on every open date.")}</p>
      {slots.length === 0 ? (
        <p className="schedule-empty">{t("No slots yet: shoppers cannot choose a delivery time.")}</p>
      ) : (
        <ul className="schedule-list">
          {slots.map((slot, index) => (
            <li
              // Slots are never removed or reordered before saving, so the index names one.
              key={slot.slotId ?? `new-${index}`}
              className={`schedule-row${slot.active ? "" : " is-off"}`}
            >
              <div className="schedule-row-main">
                <span className="schedule-row-title">
                  <strong>{slot.label}</strong>
                  <span className="schedule-time">{slotTime(slot)}</span>
                  {slot.active ? null : <span className="schedule-tag">{t("Off")}</span>}
                  {slot.slotId ? null : <span className="schedule-tag schedule-tag-new">{t("New")}</span>}
                </span>
                <span className="schedule-row-meta">
                  {cutoffText(slot)} ·{" "}
                  {slot.capacity === 1 ? t("1 order a day") : t("{{number}} orders a day", { number: slot.capacity })}
                </span>
              </div>
              <button
                type="button"
                className="btn btn-ghost btn-small"
                aria-label={t("Edit slot {{label}}", { label: slot.label })}
                onClick={() => setEditing({ index })}
              >
                {t("Edit")}
              </button>
            </li>
          ))}
        </ul>
      )}
      {editing ? (
        <ScheduleSlotFormModal
          slot={editing.index === null ? null : (slots[editing.index] ?? null)}
          onApply={apply}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </section>
  );
}
