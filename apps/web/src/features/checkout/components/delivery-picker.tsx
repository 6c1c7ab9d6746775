import { useEffect, useId, useRef } from "react";
import { deliveryDayParts, formatSlotTimes } from "../../../lib/delivery-time";
import { useTranslation } from "../../../lib/i18n";
import { slotStatus } from "../delivery-choice";
import type { DeliveryChoice } from "../hooks/use-delivery-choice";

/**
 * When the order arrives: a strip of the dates that still have a free slot, then the slots of the date
 * shown, each with what is left or why it cannot be chosen. Native radios, so the keyboard and screen
 * readers work as they do with any choice.
 */
export function DeliveryPicker({ delivery, error }: { delivery: DeliveryChoice; error?: string }) {
  const { t } = useTranslation();
  const id = useId();
  const stripRef = useRef<HTMLDivElement>(null);
  const shownDate = delivery.shownDay?.date;

  // The date shown may lie beyond the strip's visible part (after a refused slot moved it): bring it in,
  // scrolling the strip only, never the page.
  useEffect(() => {
    const strip = stripRef.current;
    const chip = strip?.querySelector("input:checked")?.closest("label");
    if (!strip || !chip || !shownDate) return;
    const left = chip.offsetLeft;
    if (left < strip.scrollLeft || left + chip.offsetWidth > strip.scrollLeft + strip.clientWidth)
      strip.scrollTo({ left: Math.max(0, left - 8), behavior: "smooth" });
  }, [shownDate]);

  if (delivery.loading)
    return (
      <p className="delivery-status" role="status">
        <span className="spinner" aria-hidden="true" /> {t("Loading delivery times...")}
      </p>
    );
  if (delivery.failed)
    return (
      <div className="alert alert-error delivery-status" role="alert">
        <p>{t("Delivery times could not be loaded. Your order will get the earliest free time.")}</p>
        <button type="button" className="btn btn-secondary btn-small" onClick={() => delivery.retry()}>
          {t("Try again")}
        </button>
      </div>
    );
  if (delivery.noneFree)
    return (
      <p className="alert alert-info delivery-status">
        {t(
          "No delivery time is free in the next {{days}} days. Place your order and our florist will call you to arrange delivery.",
          { days: delivery.windowDays },
        )}
      </p>
    );

  const day = delivery.shownDay;
  return (
    <div className="delivery-picker">
      <fieldset className="delivery-fieldset">
        <legend className="field-label">{t("Delivery date")}</legend>
        <div className="date-strip" ref={stripRef}>
          {delivery.offered.map(({ date }) => {
            const parts = deliveryDayParts(date);
            return (
              <label key={date} className="date-chip">
                <input
                  type="radio"
                  name={`${id}-date`}
                  value={date}
                  checked={day?.date === date}
                  onChange={() => delivery.pickDate(date)}
                />
                <span className="date-chip-weekday">{parts.weekday}</span>{" "}
                <span className="date-chip-day">{parts.day}</span>{" "}
                <span className="date-chip-month">{parts.month}</span>
              </label>
            );
          })}
        </div>
      </fieldset>

      {day ? (
        <fieldset className="delivery-fieldset" aria-describedby={error ? `${id}-error` : undefined}>
          <legend className="field-label">{t("Delivery time (WIB)")}</legend>
          <div className="slot-list">
            {day.slots.map((slot) => (
              <label key={slot.slotId} className={slot.available ? "slot-option" : "slot-option slot-unavailable"}>
                <input
                  type="radio"
                  name={`${id}-slot`}
                  value={slot.slotId}
                  disabled={!slot.available}
                  checked={delivery.selected?.date === day.date && delivery.selected.slotId === slot.slotId}
                  onChange={() => delivery.pickSlot({ date: day.date, slotId: slot.slotId })}
                />
                <span className="slot-label">{slot.label}</span>{" "}
                <span className="slot-times">{formatSlotTimes(slot)}</span>{" "}
                <span className="slot-status">{slotStatus(slot)}</span>
              </label>
            ))}
          </div>
          {error ? (
            <p className="field-error" id={`${id}-error`}>
              {error}
            </p>
          ) : null}
        </fieldset>
      ) : null}
    </div>
  );
}
