import { useId, useState } from "react";
import { Currency } from "../../../components/currency";
import { useTranslation } from "../../../lib/i18n";
import { NEW_ZONE, type ZoneDraft, zoneProblem } from "../lib/schedule-draft";
import { ScheduleEntryModal, ScheduleNumberField } from "./schedule-entry-modal";

/** Adds a district (kecamatan) or edits one: its name, delivery fee and whether shoppers may choose it. */
export function ScheduleZoneFormModal({
  zone,
  onApply,
  onClose,
}: {
  zone: ZoneDraft | null;
  onApply: (zone: ZoneDraft) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const initial = zone ?? NEW_ZONE;
  const [name, setName] = useState(initial.name);
  const [fee, setFee] = useState(String(initial.fee));
  const [active, setActive] = useState(initial.active);
  const [problem, setProblem] = useState<string | null>(null);
  const feeValue = fee.trim() === "" ? Number.NaN : Number(fee);

  function apply() {
    const next: ZoneDraft = {
      ...(zone?.zoneId ? { zoneId: zone.zoneId } : {}),
      name: name.trim(),
      fee: feeValue,
      active,
    };
    const found = zoneProblem(next);
    setProblem(found);
    if (!found) onApply(next);
  }

  return (
    <ScheduleEntryModal
      title={zone ? t("Edit {{name}}", { name: zone.name }) : t("Add district")}
      problem={problem}
      onApply={apply}
      onClose={onClose}
    >
      <div className="field">
        <label htmlFor={`${id}-name`}>{t("District (kecamatan)")}</label>
        <input
          id={`${id}-name`}
          className="input"
          value={name}
          maxLength={80}
          placeholder="Coblong"
          onChange={(event) => setName(event.target.value)}
        />
      </div>
      <ScheduleNumberField
        id={`${id}-fee`}
        label={t("Delivery fee (IDR)")}
        value={fee}
        step={1000}
        hint={
          <>
            {t("Shoppers see")} <Currency amount={Number.isFinite(feeValue) ? feeValue : 0} />.
          </>
        }
        onChange={setFee}
      />
      <label className="checkbox">
        <input type="checkbox" checked={active} onChange={(event) => setActive(event.target.checked)} />
        {t("Delivered to")}
      </label>
    </ScheduleEntryModal>
  );
}
