import { useId, useState } from "react";
import { Currency } from "../../../components/currency";
import { useTranslation } from "../../../lib/i18n";
import type { ZoneDraft } from "../lib/schedule-draft";
import { ScheduleZoneFormModal } from "./schedule-zone-form-modal";

type Editing = { index: number | null } | null;

/**
 * The districts delivered to, each with its fee. Bandung has 30 kecamatan, so the list stays a compact
 * table on a phone too, with a filter box to find one.
 */
export function ScheduleZonesCard({
  zones,
  onChange,
}: {
  zones: readonly ZoneDraft[];
  onChange: (zones: ZoneDraft[]) => void;
}) {
  const { t } = useTranslation();
  const filterId = useId();
  const [filter, setFilter] = useState("");
  const [editing, setEditing] = useState<Editing>(null);
  const wanted = filter.trim().toLowerCase();
  const shown = zones
    .map((zone, index) => ({ zone, index }))
    .filter(({ zone }) => zone.name.toLowerCase().includes(wanted));

  function apply(zone: ZoneDraft) {
    const index = editing?.index ?? null;
    onChange(index === null ? [...zones, zone] : zones.map((old, i) => (i === index ? zone : old)));
    setEditing(null);
  }

  return (
    <section className="card admin-card" aria-labelledby="schedule-zones-title">
      <div className="admin-card-head">
        <h2 id="schedule-zones-title" className="admin-card-title">
          {t("Districts")} <span className="admin-count">{zones.length}</span>
        </h2>
        <button type="button" className="btn btn-secondary btn-small" onClick={() => setEditing({ index: null })}>
          {t("Add district")}
        </button>
      </div>
      <div className="field">
        <label htmlFor={filterId} className="visually-hidden">
          {t("Find a district")}
        </label>
        <input
          id={filterId}
          className="input schedule-filter"
          type="search"
          placeholder={t("Find a district")}
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
        />
      </div>
      {shown.length === 0 ? (
        <p className="schedule-empty">{zones.length === 0 ? t("No districts yet.") : t("No district matches.")}</p>
      ) : (
        <table className="schedule-table">
          <thead>
            <tr>
              <th scope="col">{t("District")}</th>
              <th scope="col" className="numeric">
                {t("Fee")}
              </th>
              <th scope="col">
                <span className="visually-hidden">{t("Action")}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {shown.map(({ zone, index }) => (
              <tr key={zone.zoneId ?? `new-${index}`} className={zone.active ? undefined : "is-off"}>
                <th scope="row">
                  {zone.name}
                  {zone.active ? null : <span className="schedule-tag">{t("Off")}</span>}
                  {zone.zoneId ? null : <span className="schedule-tag schedule-tag-new">{t("New")}</span>}
                </th>
                <td className="numeric">
                  <Currency amount={zone.fee} />
                </td>
                <td className="schedule-table-action">
                  <button
                    type="button"
                    className="btn btn-ghost btn-small"
                    aria-label={t("Edit {{name}}", { name: zone.name })}
                    onClick={() => setEditing({ index })}
                  >
                    {t("Edit")}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {editing ? (
        <ScheduleZoneFormModal
          zone={editing.index === null ? null : (zones[editing.index] ?? null)}
          onApply={apply}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </section>
  );
}
