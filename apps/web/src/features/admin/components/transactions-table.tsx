import type { AdminTransaction } from "@florist/contract";
import { Currency } from "../../../components/currency";
import { StatusBadge } from "../../../components/status-badge";
import { formatOrderId } from "../../../lib/format";
import { formatAdminDate } from "../lib/format";
import { type StatusAction, statusActions } from "../lib/transactions";

export interface TransactionsTableProps {
  rows: readonly AdminTransaction[];
  busyOrderId: number | null;
  onView: (orderId: number) => void;
  onAction: (row: AdminTransaction, action: StatusAction) => void;
}

const ACTION_LABELS: Record<StatusAction, string> = {
  "start-delivery": "Start Delivery",
  reject: "Reject Order",
  finish: "Mark as Finished",
};

const ACTION_CLASSES: Record<StatusAction, string> = {
  "start-delivery": "btn btn-primary btn-small",
  reject: "btn btn-ghost btn-small btn-ghost-danger",
  finish: "btn btn-accent btn-small",
};

/** Transactions (spec §2): a table on wide screens, a stack of cards on a phone. */
export function TransactionsTable({ rows, busyOrderId, onView, onAction }: TransactionsTableProps) {
  return (
    <div className="admin-table-wrap">
      <table className="admin-table transactions-table">
        <thead>
          <tr>
            <th scope="col">Order ID</th>
            <th scope="col">Customer</th>
            <th scope="col">Date</th>
            <th scope="col" className="numeric">
              Total
            </th>
            <th scope="col">Status</th>
            <th scope="col">Action</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.order_id} data-order-id={row.order_id}>
              <th scope="row" data-label="Order ID">
                <span className="cell-title">{formatOrderId(row.order_id)}</span>
              </th>
              <td data-label="Customer">{row.customer_name}</td>
              <td data-label="Date">{formatAdminDate(row.order_date)}</td>
              <td data-label="Total" className="numeric">
                <Currency amount={row.total_price} />
              </td>
              <td data-label="Status">
                <StatusBadge status={row.order_status} />
              </td>
              <td data-label="Action" className="cell-actions">
                <div className="row-actions">
                  <button type="button" className="btn btn-secondary btn-small" onClick={() => onView(row.order_id)}>
                    View Details
                  </button>
                  {statusActions(row.order_status).map((action) => (
                    <button
                      key={action}
                      type="button"
                      className={ACTION_CLASSES[action]}
                      onClick={() => onAction(row, action)}
                      disabled={busyOrderId === row.order_id}
                    >
                      {ACTION_LABELS[action]}
                    </button>
                  ))}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
