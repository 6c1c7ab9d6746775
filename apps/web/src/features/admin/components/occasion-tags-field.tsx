import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { Link } from "react-router";
import { useTranslation } from "../../../lib/i18n";
import { adminOccasionsQuery } from "../api/occasions";

/** The occasions a product is tagged with: a box per occasion, in the admin's order. */
export function OccasionTagsField({
  value,
  onChange,
}: {
  value: readonly number[];
  onChange: (occasionIds: number[]) => void;
}) {
  const { t } = useTranslation();
  const legendId = useId();
  const occasions = useQuery(adminOccasionsQuery);

  function toggle(occasionId: number, on: boolean) {
    onChange(on ? [...value, occasionId] : value.filter((id) => id !== occasionId));
  }

  let boxes: React.ReactNode;
  if (occasions.isPending) boxes = <p className="field-hint">{t("Loading...")}</p>;
  else if (occasions.error) boxes = <p className="field-hint">{t("The occasions could not be loaded.")}</p>;
  else if (occasions.data.length === 0)
    boxes = (
      <p className="field-hint">
        {t("No occasions yet.")} <Link to="/admin/occasions">{t("Add occasions")}</Link>
      </p>
    );
  else
    boxes = (
      <div className="occasion-tags">
        {occasions.data.map((occasion) => (
          <label key={occasion.occasionId} className="checkbox">
            <input
              type="checkbox"
              checked={value.includes(occasion.occasionId)}
              onChange={(event) => toggle(occasion.occasionId, event.target.checked)}
            />
            {occasion.name}
          </label>
        ))}
      </div>
    );

  return (
    <fieldset className="form-fieldset" aria-labelledby={legendId}>
      <legend id={legendId} className="field-label">
        {t("Occasions")}
      </legend>
      {boxes}
    </fieldset>
  );
}
