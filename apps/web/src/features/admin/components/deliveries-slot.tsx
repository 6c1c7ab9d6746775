import type { OrderDetail } from "@florist/contract";
import { useId } from "react";
import { useTranslation } from "../../../lib/i18n";
import { slotLoad } from "../lib/deliveries";
import { DeliveryOrder } from "./deliveries-order";

export interface DeliveriesGroupProps {
  title: string;
  /** Absent for the day's orders without a slot, which count against nothing. */
  capacity?: number;
  orders: OrderDetail[];
  emptyText: string;
  onView: (orderId: number) => void;
  onMove: (order: OrderDetail) => void;
}

/** One slot of the day (or the orders without one): its load against capacity, then its stops. */
export function DeliveriesGroup({ title, capacity, orders, emptyText, onView, onMove }: DeliveriesGroupProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const load = capacity === undefined ? null : slotLoad(orders.length, capacity);
  let loadClass = "delivery-load";
  if (load?.over) loadClass += " is-over";
  else if (load?.full) loadClass += " is-full";
  return (
    <section className="card admin-card deliveries-group" aria-labelledby={titleId}>
      <div className="admin-card-head">
        <h2 id={titleId} className="admin-card-title">
          {title}
        </h2>
        {load ? (
          <span className={loadClass} title={t("Orders booked / capacity")}>
            {load.text}
          </span>
        ) : (
          <span className="delivery-load">{orders.length}</span>
        )}
      </div>
      {orders.length === 0 ? (
        <p className="admin-muted">{emptyText}</p>
      ) : (
        <div className="deliveries-list">
          {orders.map((order) => (
            <DeliveryOrder key={order.orderId} order={order} onView={onView} onMove={onMove} />
          ))}
        </div>
      )}
    </section>
  );
}
