import type { AdminTransaction, OverviewSort } from "@florist/contract";
import { Currency } from "../../../components/currency";
import { StatusBadge } from "../../../components/status-badge";
import { formatOrderId } from "../../../lib/format";
import { useTranslation } from "../../../lib/i18n";
import { formatAdminDate } from "../lib/format";
import { whatsappHref } from "../lib/payments";
import type { TransactionsOrder } from "../lib/transactions";
import { OrderStatusControl } from "./order-status-control";
import { PaymentBadge } from "./payment-badge";
import { SortableHeader } from "./sortable-header";

export interface TransactionsTableProps {
  rows: readonly AdminTransaction[];
  /** The order the server listed the rows in; its column shows an arrow. */
  order: TransactionsOrder;
  /** A click on a sortable column's header asks the server for that order. */
  onSort: (column: OverviewSort) => void;
  onView: (orderId: number) => void;
}

/** Transactions: a table on wide screens, a stack of cards on a phone (its headers become sort buttons). */
export function TransactionsTable({ rows, order, onSort, onView }: TransactionsTableProps) {
  const { t } = useTranslation();
  const header = (column: OverviewSort, label: string, className?: string) => (
    <SortableHeader column={column} label={label} order={order} onSort={onSort} className={className} />
  );
  return (
    <div className="admin-table-wrap">
      <table className="admin-table transactions-table">
        <thead>
          <tr>
            <th scope="col">{t("Order ID")}</th>
            {header("customer", t("Customer"))}
            {header("date", t("Date"))}
            {header("total", t("Total"), "numeric")}
            {header("status", t("Status"))}
            <th scope="col">{t("Payment")}</th>
            <th scope="col">{t("Action")}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.order_id} data-order-id={row.order_id}>
              <th scope="row" data-label={t("Order ID")}>
                <span className="cell-title">{formatOrderId(row.order_id)}</span>
              </th>
              <td data-label={t("Customer")}>
                <CustomerCell row={row} />
              </td>
              <td data-label={t("Date")}>{formatAdminDate(row.order_date)}</td>
              <td data-label={t("Total")} className="numeric">
                <Currency amount={row.total_price} />
              </td>
              <td data-label={t("Status")}>
                <StatusBadge status={row.order_status} />
              </td>
              <td data-label={t("Payment")}>
                <PaymentBadge status={row.payment_status} />
              </td>
              <td data-label={t("Action")} className="cell-actions">
                <div className="row-actions">
                  <button type="button" className="btn btn-secondary btn-small" onClick={() => onView(row.order_id)}>
                    {t("View Details")}
                  </button>
                  <OrderStatusControl orderId={row.order_id} status={row.order_status} />
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The customer, and a WhatsApp chat with the phone the order gives, when it gives one. */
function CustomerCell({ row }: { row: AdminTransaction }) {
  const { t } = useTranslation();
  const whatsapp = whatsappHref(row.phone);
  return (
    <span className="customer-cell">
      <span>{row.customer_name}</span>
      {whatsapp ? (
        <a
          className="whatsapp-link"
          href={whatsapp}
          target="_blank"
          rel="noreferrer"
          aria-label={t("WhatsApp {{phone}} about {{order}}", { phone: row.phone, order: formatOrderId(row.order_id) })}
        >
          WhatsApp
        </a>
      ) : null}
    </span>
  );
}
