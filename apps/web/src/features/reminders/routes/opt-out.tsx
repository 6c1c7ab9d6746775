import { useMutation } from "@tanstack/react-query";
import { Link, useParams } from "react-router";
import { FormError } from "../../../components/form-feedback";
import { ApiError } from "../../../lib/api-client";
import { i18n, useTranslation } from "../../../lib/i18n";
import { stopReminders } from "../api/reminders";
import "../reminders.css";

/** Why the button failed, in the shopper's words. */
function failure(error: unknown): string {
  if (error instanceof ApiError && error.status === 404) {
    return i18n.t("This link is not valid. Please use the link in the newest reminder mail.");
  }
  return i18n.t("The reminders could not be turned off just now. Please try again.");
}

/**
 * /pengingat/berhenti/:token, the opt-out link of a "remind me next year" mail. Opening the link
 * changes nothing (mail scanners open links too); the button does.
 */
export default function ReminderOptOutPage() {
  const { t } = useTranslation();
  const { token = "" } = useParams();
  const stop = useMutation({ mutationFn: () => stopReminders(token) });

  return (
    <section className="container page reminder-opt-out">
      <div className="reminder-opt-out-card">
        <h1>{t("Yearly reminders")}</h1>
        {stop.isSuccess ? (
          <>
            <p className="alert alert-success" role="status">
              {stop.data.message}
            </p>
            <Link to="/katalog" className="btn btn-secondary">
              {t("Back to the flowers")}
            </Link>
          </>
        ) : (
          <>
            <p>
              {t(
                "When you ordered, you asked us to write a week before the day comes round again. Press the button and we will not send these reminders any more.",
              )}
            </p>
            <FormError message={stop.isError ? failure(stop.error) : null} />
            <button type="button" className="btn btn-primary" disabled={stop.isPending} onClick={() => stop.mutate()}>
              {stop.isPending ? t("Turning off...") : t("Stop the reminders")}
            </button>
          </>
        )}
      </div>
    </section>
  );
}
