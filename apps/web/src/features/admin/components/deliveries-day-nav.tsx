import { isCalendarDate } from "@florist/contract/rules";
import { useId } from "react";
import { useTranslation } from "../../../lib/i18n";
import { nextDay, previousDay } from "../lib/deliveries";

export interface DeliveriesDayNavProps {
  date: string;
  today: string;
  onChange: (date: string) => void;
}

/** Choosing the day: a step back or forward, a date typed or picked, and a way back to today. */
export function DeliveriesDayNav({ date, today, onChange }: DeliveriesDayNavProps) {
  const { t } = useTranslation();
  const inputId = useId();
  return (
    <div className="deliveries-day-nav">
      <button type="button" className="btn btn-secondary btn-small" onClick={() => onChange(previousDay(date))}>
        <span aria-hidden="true">←</span> {t("Previous day")}
      </button>
      <div className="deliveries-day-field">
        <label htmlFor={inputId}>{t("Delivery date")}</label>
        <input
          id={inputId}
          className="input"
          type="date"
          value={date}
          onChange={(event) => {
            // A half-typed date is ignored until it is a whole one.
            if (isCalendarDate(event.target.value)) onChange(event.target.value);
          }}
        />
      </div>
      <button type="button" className="btn btn-secondary btn-small" onClick={() => onChange(nextDay(date))}>
        {t("Next day")} <span aria-hidden="true">→</span>
      </button>
      {date !== today ? (
        <button type="button" className="btn btn-ghost btn-small" onClick={() => onChange(today)}>
          {t("Today")}
        </button>
      ) : null}
    </div>
  );
}
