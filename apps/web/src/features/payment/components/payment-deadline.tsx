import { useEffect, useState } from "react";
import { useTranslation } from "../../../lib/i18n";
import { formatDeadline, timeLeft } from "../deadline";

/** The browser's clock, read again every second, for a countdown only: the server decides the lapse. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** When the order lapses unpaid, in WIB, and how long is left. */
export function PaymentDeadline({ dueAt }: { dueAt: string }) {
  const { t } = useTranslation();
  const left = timeLeft(dueAt, useNow());
  return (
    <div className="payment-deadline">
      <p>
        {t("Pay before")} <strong>{formatDeadline(dueAt)}</strong>
      </p>
      <p className={left ? "payment-countdown" : "payment-countdown payment-countdown-over"} role="timer">
        {left ?? t("The time to pay has passed: the order is cancelled unless a receipt was sent.")}
      </p>
    </div>
  );
}
