import { useId, useState } from "react";
import { FormError } from "../../../components/form-feedback";
import { useTranslation } from "../../../lib/i18n";
import { formatDayTitle } from "../lib/deliveries";
import {
  type ClosedDateDraft,
  closedSlotsText,
  closeRange,
  closingProblem,
  datesBetween,
  type SlotDraft,
} from "../lib/schedule-draft";

/**
 * The days the florist does not deliver, for the whole day or for some slots, with a reason only
 * admins see. A range (Lebaran, from–to) is closed in one step and becomes one closed date per day.
 */
export function ScheduleClosedDatesCard({
  closedDates,
  slots,
  today,
  onChange,
}: {
  closedDates: readonly ClosedDateDraft[];
  slots: readonly SlotDraft[];
  today: string;
  onChange: (closedDates: ClosedDateDraft[]) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const [wholeDay, setWholeDay] = useState(true);
  const [slotIds, setSlotIds] = useState<number[]>([]);
  const [reason, setReason] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  // Only saved slots have an id a closed date can name.
  const savedSlots = slots.filter((slot): slot is SlotDraft & { slotId: number } => slot.slotId !== undefined);
  const days = from && (!to || to >= from) ? datesBetween(from, to).length : 1;

  function close(event: React.FormEvent) {
    event.preventDefault();
    const range = { from, to, slotIds: wholeDay ? [] : slotIds, reason };
    const found =
      closingProblem(range, today) ??
      (!wholeDay && slotIds.length === 0 ? t("Choose the slots to close, or close the whole day.") : null);
    setProblem(found);
    if (found) return;
    onChange(closeRange(closedDates, range));
    setFrom("");
    setTo("");
    setReason("");
  }

  function toggleSlot(slotId: number, on: boolean) {
    setSlotIds((current) => (on ? [...current, slotId] : current.filter((other) => other !== slotId)));
  }

  return (
    <section className="card admin-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="admin-card-title">
        {t("Closed dates")}
      </h2>
      <form className="form schedule-close-form" onSubmit={close} noValidate aria-label={t("Close dates")}>
        <div className="schedule-dates">
          <div className="field">
            <label htmlFor={`${id}-from`}>{t("From")}</label>
            <input
              id={`${id}-from`}
              className="input"
              type="date"
              min={today}
              value={from}
              onChange={(event) => setFrom(event.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor={`${id}-to`}>
              {t("Until")} <span className="optional">{t("(optional)")}</span>
            </label>
            <input
              id={`${id}-to`}
              className="input"
              type="date"
              min={from || today}
              value={to}
              onChange={(event) => setTo(event.target.value)}
            />
          </div>
        </div>
        <fieldset className="schedule-choice">
          <legend className="field-label">{t("Closed for")}</legend>
          <label className="checkbox">
            <input type="radio" name={`${id}-scope`} checked={wholeDay} onChange={() => setWholeDay(true)} />
            {t("The whole day")}
          </label>
          <label className="checkbox">
            <input
              type="radio"
              name={`${id}-scope`}
              checked={!wholeDay}
              onChange={() => setWholeDay(false)}
              disabled={savedSlots.length === 0}
            />
            {t("Some slots")}
          </label>
          {wholeDay ? null : (
            <div className="schedule-slot-choices">
              {savedSlots.map((slot) => (
                <label key={slot.slotId} className="checkbox">
                  <input
                    type="checkbox"
                    checked={slotIds.includes(slot.slotId)}
                    onChange={(event) => toggleSlot(slot.slotId, event.target.checked)}
                  />
                  {slot.label}
                </label>
              ))}
            </div>
          )}
        </fieldset>
        <div className="field">
          <label htmlFor={`${id}-reason`}>
            {t("Reason")} <span className="optional">{t("(admins only)")}</span>
          </label>
          <input
            id={`${id}-reason`}
            className="input"
            value={reason}
            maxLength={200}
            placeholder={t("Eid al-Fitr")}
            onChange={(event) => setReason(event.target.value)}
          />
        </div>
        <FormError message={problem} />
        <div>
          <button type="submit" className="btn btn-secondary">
            {days > 1 ? t("Close {{number}} days", { number: days }) : t("Close date")}
          </button>
        </div>
      </form>
      {closedDates.length === 0 ? (
        <p className="schedule-empty">{t("No closed dates from today on.")}</p>
      ) : (
        <ul className="schedule-list" aria-label={t("Closed dates")}>
          {closedDates.map((closed) => (
            <li key={closed.date} className="schedule-row">
              <div className="schedule-row-main">
                <span className="schedule-row-title">
                  <strong>{formatDayTitle(closed.date)}</strong>
                </span>
                <span className="schedule-row-meta">
                  {closedSlotsText(closed, slots)}
                  {closed.reason ? ` · ${closed.reason}` : ""}
                </span>
              </div>
              <button
                type="button"
                className="btn btn-ghost btn-ghost-danger btn-small"
                aria-label={t("Remove closed date {{date}}", { date: closed.date })}
                onClick={() => onChange(closedDates.filter((other) => other.date !== closed.date))}
              >
                {t("Remove")}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
