import { useId } from "react";
import { Currency } from "../../../components/currency";
import { useTranslation } from "../../../lib/i18n";
import { monthOptions } from "../lib/months";

const MONTHS = monthOptions();

export interface IncomeCardProps {
  month: number;
  year: number;
  income: number;
  /** The figure is being reloaded for a newly chosen month. */
  updating: boolean;
  onMonthChange: (month: number) => void;
}

/** Monthly income: Finished orders of the chosen month, with a month selector (docs/rules.md, The admin overview). */
export function IncomeCard({ month, year, income, updating, onMonthChange }: IncomeCardProps) {
  const { t } = useTranslation();
  const selectId = useId();
  const monthLabel = MONTHS.find((option) => option.value === month)?.label ?? "";
  return (
    <section className="card admin-card income-card" aria-labelledby={`${selectId}-title`}>
      <div className="admin-card-head">
        <h2 id={`${selectId}-title`} className="admin-card-title">
          {t("Monthly Income")}
        </h2>
        <div className="income-month">
          <label htmlFor={selectId} className="visually-hidden">
            {t("Month")}
          </label>
          <select
            id={selectId}
            className="select select-compact"
            value={month}
            onChange={(event) => onMonthChange(Number(event.target.value))}
          >
            {MONTHS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      </div>
      <p className="income-amount" aria-live="polite" aria-busy={updating} data-testid="monthly-income">
        <Currency amount={income} />
      </p>
      <p className="income-note">{t("Finished orders in {{month}} {{year}}", { month: monthLabel, year })}</p>
    </section>
  );
}
