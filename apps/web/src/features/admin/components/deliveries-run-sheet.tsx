import type { DeliveriesAnswer, OrderDetail } from "@florist/contract";
import { formatOrderId } from "../../../lib/format";
import { useTranslation } from "../../../lib/i18n";
import { addOnSummary, deliveryStop, itemSummary, slotLoad, slotTime } from "../lib/deliveries";

const COLUMNS = 6;

function RunRow({ order }: { order: OrderDetail }) {
  const { t } = useTranslation();
  const stop = deliveryStop(order);
  return (
    <tr>
      <th scope="row">{formatOrderId(order.orderId)}</th>
      <td>{stop.recipient || "-"}</td>
      <td className="run-phone">{stop.phone || "-"}</td>
      <td>
        {stop.district ? <strong>{stop.district}</strong> : null}
        {stop.district && stop.address ? <br /> : null}
        {stop.address}
        {stop.notes ? <span className="run-note">{stop.notes}</span> : null}
      </td>
      <td>
        <ul className="run-items">
          {order.items.map((item, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: order lines never reorder and a product may appear twice.
            <li key={index}>
              {itemSummary(item)}
              {item.customizations.length > 0 ? <span className="run-addons">+ {addOnSummary(item)}</span> : null}
            </li>
          ))}
        </ul>
      </td>
      <td className="run-check" aria-label={t("Delivered")} />
    </tr>
  );
}

function SlotRows({ title, orders }: { title: string; orders: OrderDetail[] }) {
  const { t } = useTranslation();
  return (
    <>
      <tr className="run-slot">
        <th colSpan={COLUMNS} scope="rowgroup">
          {title}
        </th>
      </tr>
      {orders.length === 0 ? (
        <tr>
          <td colSpan={COLUMNS} className="run-empty">
            {t("No orders in this slot.")}
          </td>
        </tr>
      ) : (
        orders.map((order) => <RunRow key={order.orderId} order={order} />)
      )}
    </>
  );
}

/** The driver's run sheet: one table, slot by slot, one row per stop with a box to tick. */
export function DeliveriesRunSheet({ answer }: { answer: DeliveriesAnswer }) {
  const { t } = useTranslation();
  return (
    <table className="run-sheet">
      <caption className="visually-hidden">{t("Run sheet")}</caption>
      <thead>
        <tr>
          <th scope="col">{t("Order")}</th>
          <th scope="col">{t("Recipient")}</th>
          <th scope="col">{t("Phone")}</th>
          <th scope="col">{t("District and address")}</th>
          <th scope="col">{t("Items")}</th>
          <th scope="col">✓</th>
        </tr>
      </thead>
      <tbody>
        {answer.slots.map((slot) => (
          <SlotRows
            key={slot.slotId}
            title={`${slot.label} · ${slotTime(slot)} · ${slotLoad(slot.orders.length, slot.capacity).text}`}
            orders={slot.orders}
          />
        ))}
        {answer.unscheduled.length > 0 ? <SlotRows title={t("Without a slot")} orders={answer.unscheduled} /> : null}
      </tbody>
    </table>
  );
}
