import type { DeliveriesAnswer, OrderDetail } from "@florist/contract";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import { ErrorState, LoadingState } from "../../../components/page-state";
import { messageOf } from "../../../lib/api-client";
import { useAuth } from "../../../lib/auth";
import { formatOrderId } from "../../../lib/format";
import { useTranslation } from "../../../lib/i18n";
import { deliveriesQuery } from "../api/deliveries";
import { AccessDenied } from "../components/access-denied";
import { AdminHeader } from "../components/admin-header";
import { DeliveriesDayNav } from "../components/deliveries-day-nav";
import { DeliveryMoveModal } from "../components/deliveries-move-modal";
import { DeliveriesGroup } from "../components/deliveries-slot";
import { OrderDetailModal } from "../components/order-detail-modal";
import { useDeliveryDay } from "../hooks/use-delivery-day";
import { formatDayTitle, formatDelivery, slotTime } from "../lib/deliveries";
import "../admin.css";
import "../deliveries.css";

export default function AdminDeliveriesPage() {
  const { t } = useTranslation();
  const { isAdmin, isLoading } = useAuth();
  if (isLoading) return <LoadingState text={t("Loading deliveries...")} />;
  if (!isAdmin) return <AccessDenied />;
  return <Deliveries />;
}

function orderCount(answer: DeliveriesAnswer): number {
  return answer.slots.reduce((sum, slot) => sum + slot.orders.length, answer.unscheduled.length);
}

/** The florist's day: every order to deliver on a date, slot by slot, each slot against its capacity. */
function Deliveries() {
  const { t } = useTranslation();
  const { date, today, setDate } = useDeliveryDay();
  const [detailId, setDetailId] = useState<number | null>(null);
  const [moving, setMoving] = useState<OrderDetail | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const { data, error, isPending } = useQuery(deliveriesQuery(date));

  function moved(order: OrderDetail) {
    setMoving(null);
    const id = formatOrderId(order.orderId);
    setNotice(
      order.delivery
        ? t("{{order}} moved to {{slot}}.", { order: id, slot: formatDelivery(order.delivery) })
        : t("{{order}} moved to no slot.", { order: id }),
    );
  }

  let body: React.ReactNode;
  if (isPending) body = <LoadingState text={t("Loading deliveries...")} />;
  else if (error || !data) body = <ErrorState text={messageOf(error, t("The deliveries could not be loaded."))} />;
  else {
    const total = orderCount(data);
    body = (
      <>
        <p className="deliveries-summary">
          {total === 0 ? t("No deliveries on this day.") : null}
          {total === 1 ? t("1 delivery") : null}
          {total > 1 ? t("{{number}} deliveries", { number: total }) : null}
        </p>
        {data.slots.map((slot) => (
          <DeliveriesGroup
            key={slot.slotId}
            title={`${slot.label} · ${slotTime(slot)}`}
            capacity={slot.capacity}
            orders={slot.orders}
            emptyText={t("No orders in this slot.")}
            onView={setDetailId}
            onMove={setMoving}
          />
        ))}
        {data.unscheduled.length > 0 ? (
          <DeliveriesGroup
            title={t("Without a slot")}
            orders={data.unscheduled}
            emptyText=""
            onView={setDetailId}
            onMove={setMoving}
          />
        ) : null}
      </>
    );
  }

  return (
    <div className="container page admin-page deliveries-page">
      <AdminHeader
        title={t("Deliveries")}
        subtitle={formatDayTitle(date)}
        actions={
          <Link to={`/admin/deliveries/print?date=${date}`} className="btn btn-primary">
            {t("Print run sheet & cards")}
          </Link>
        }
      />
      <section className="card admin-card" aria-label={t("Choose the day")}>
        <DeliveriesDayNav
          date={date}
          today={today}
          onChange={(next) => {
            setNotice(null);
            setDate(next);
          }}
        />
      </section>
      {notice ? (
        <p className="alert alert-success admin-notice" role="status">
          {notice}
        </p>
      ) : null}
      {body}
      <OrderDetailModal orderId={detailId} onClose={() => setDetailId(null)} />
      <DeliveryMoveModal order={moving} today={today} onClose={() => setMoving(null)} onMoved={moved} />
    </div>
  );
}
