import type { DeliveriesAnswer } from "@florist/contract";
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { ErrorState, LoadingState } from "../../../components/page-state";
import { messageOf } from "../../../lib/api-client";
import { useAuth } from "../../../lib/auth";
import { useTranslation } from "../../../lib/i18n";
import { deliveriesQuery } from "../api/deliveries";
import { AccessDenied } from "../components/access-denied";
import { DeliveriesGiftCard, hasGiftCard } from "../components/deliveries-gift-card";
import { DeliveriesRunSheet } from "../components/deliveries-run-sheet";
import { useDeliveryDay } from "../hooks/use-delivery-day";
import { formatDayTitle } from "../lib/deliveries";
import "../admin.css";
import "../deliveries-print.css";

export default function AdminDeliveriesPrintPage() {
  const { t } = useTranslation();
  const { isAdmin, isLoading } = useAuth();
  if (isLoading) return <LoadingState text={t("Loading the run sheet...")} />;
  if (!isAdmin) return <AccessDenied />;
  return <PrintView />;
}

/** What goes on paper for one day: the driver's run sheet, then the gift cards to cut out. */
function PrintView() {
  const { t } = useTranslation();
  const { date } = useDeliveryDay();
  const { data, error, isPending } = useQuery(deliveriesQuery(date));
  let body: React.ReactNode;
  if (isPending) body = <LoadingState text={t("Loading the run sheet...")} />;
  else if (error || !data) body = <ErrorState text={messageOf(error, t("The deliveries could not be loaded."))} />;
  else body = <Sheets answer={data} />;
  return (
    <div className="print-view">
      <div className="print-toolbar">
        <Link to={`/admin/deliveries?date=${date}`} className="btn btn-secondary btn-small">
          <span aria-hidden="true">←</span> {t("Back to deliveries")}
        </Link>
        <button type="button" className="btn btn-primary btn-small" onClick={() => window.print()} disabled={!data}>
          {t("Print")}
        </button>
      </div>
      <section className="print-page" aria-labelledby="run-sheet-title">
        <header className="print-header">
          <span className="eyebrow">{t("Run sheet")}</span>
          <h1 id="run-sheet-title">{formatDayTitle(date)}</h1>
        </header>
        {body}
      </section>
    </div>
  );
}

function Sheets({ answer }: { answer: DeliveriesAnswer }) {
  const { t } = useTranslation();
  const orders = [...answer.slots.flatMap((slot) => slot.orders), ...answer.unscheduled];
  const cards = orders.filter(hasGiftCard);
  return (
    <>
      {orders.length === 0 ? <p className="print-empty">{t("No deliveries on this day.")}</p> : null}
      <DeliveriesRunSheet answer={answer} />
      {cards.length > 0 ? (
        <section className="gift-cards" aria-label={t("Gift cards")}>
          {cards.map((order) => (
            <DeliveriesGiftCard key={order.orderId} order={order} />
          ))}
        </section>
      ) : null}
    </>
  );
}
