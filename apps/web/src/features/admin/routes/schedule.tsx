import type { DeliverySchedule } from "@florist/contract";
import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { FormError } from "../../../components/form-feedback";
import { ErrorState, LoadingState } from "../../../components/page-state";
import { messageOf } from "../../../lib/api-client";
import { useAuth } from "../../../lib/auth";
import { useTranslation } from "../../../lib/i18n";
import { deliveryScheduleQuery } from "../api/delivery-schedule";
import { AccessDenied } from "../components/access-denied";
import { AdminHeader } from "../components/admin-header";
import { ScheduleClosedDatesCard } from "../components/schedule-closed-dates-card";
import { ScheduleSlotsCard } from "../components/schedule-slots-card";
import { ScheduleStrandedModal } from "../components/schedule-stranded-modal";
import { ScheduleZonesCard } from "../components/schedule-zones-card";
import { useScheduleEditor } from "../hooks/use-schedule-editor";
import "../admin.css";
import "../schedule.css";

export default function AdminSchedulePage() {
  const { t } = useTranslation();
  const { isAdmin, isLoading } = useAuth();
  if (isLoading) return <LoadingState text={t("Loading the schedule...")} />;
  if (!isAdmin) return <AccessDenied />;
  return <Schedule />;
}

function Schedule() {
  const { t } = useTranslation();
  const { data, isPending, error, refetch } = useQuery(deliveryScheduleQuery);
  if (isPending) return <LoadingState text={t("Loading the schedule...")} />;
  if (!data)
    return (
      <div className="container page">
        <ErrorState text={messageOf(error, t("The schedule could not be loaded."))}>
          <button type="button" className="btn btn-secondary" onClick={() => void refetch()}>
            {t("Try again")}
          </button>
        </ErrorState>
      </div>
    );
  return <ScheduleEditor saved={data} />;
}

/** The whole schedule on one screen, edited as a copy and saved in one step. */
function ScheduleEditor({ saved }: { saved: DeliverySchedule }) {
  const { t } = useTranslation();
  const editor = useScheduleEditor(saved);
  const { draft, change } = editor;
  const windowId = useId();
  const errorId = useId();

  return (
    <div className="container page admin-page schedule-page">
      <AdminHeader
        title={t("Schedule")}
        subtitle={t("Delivery slots, districts and the days the florist does not deliver. Times are WIB.")}
      />

      <div className="schedule-grid">
        <div className="schedule-column">
          <section className="card admin-card" aria-labelledby={`${windowId}-title`}>
            <h2 id={`${windowId}-title`} className="admin-card-title">
              {t("Booking window")}
            </h2>
            <div className="field schedule-window">
              <label htmlFor={windowId}>{t("Days ahead a shopper may choose")}</label>
              <input
                id={windowId}
                className="input schedule-number"
                type="number"
                inputMode="numeric"
                min={1}
                step={1}
                aria-describedby={`${windowId}-hint`}
                value={Number.isFinite(draft.windowDays) ? String(draft.windowDays) : ""}
                onChange={(event) => {
                  const value = event.target.value;
                  change((current) => ({ ...current, windowDays: value === "" ? Number.NaN : Number(value) }));
                }}
              />
              <p id={`${windowId}-hint`} className="field-hint">
                {t("Today included.")}
              </p>
            </div>
          </section>
          <ScheduleSlotsCard slots={draft.slots} onChange={(slots) => change((current) => ({ ...current, slots }))} />
          <ScheduleClosedDatesCard
            closedDates={draft.closedDates}
            slots={draft.slots}
            today={editor.today}
            onChange={(closedDates) => change((current) => ({ ...current, closedDates }))}
          />
        </div>
        <ScheduleZonesCard zones={draft.zones} onChange={(zones) => change((current) => ({ ...current, zones }))} />
      </div>

      <section className="card schedule-savebar" aria-label={t("Save the schedule")}>
        <div className="schedule-savebar-status">
          {editor.error ? (
            <div id={errorId}>
              <FormError message={editor.error} />
              {editor.errorPlace ? (
                <p className="field-hint">{t("In {{place}}.", { place: editor.errorPlace })}</p>
              ) : null}
            </div>
          ) : editor.notice ? (
            <p className="alert alert-success" role="status">
              {editor.notice}
            </p>
          ) : (
            <p className="admin-muted" role="status">
              {editor.dirty
                ? t("Unsaved changes. Shoppers see them once the schedule is saved.")
                : t("No unsaved changes.")}
            </p>
          )}
        </div>
        <div className="schedule-savebar-actions">
          <button
            type="button"
            className="btn btn-secondary"
            onClick={editor.discard}
            disabled={!editor.dirty || editor.saving}
          >
            {t("Discard")}
          </button>
          <button
            type="button"
            className="btn btn-primary"
            onClick={editor.save}
            disabled={editor.saving || !editor.dirty}
            aria-describedby={editor.error ? errorId : undefined}
          >
            {editor.saving ? t("Saving...") : t("Save schedule")}
          </button>
        </div>
      </section>

      <ScheduleStrandedModal
        stranded={editor.stranded}
        busy={editor.saving}
        onConfirm={editor.confirm}
        onCancel={editor.cancel}
      />
    </div>
  );
}
