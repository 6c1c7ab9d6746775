import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Currency } from "../../../components/currency";
import { StatusBadge } from "../../../components/status-badge";
import { messageOf } from "../../../lib/api-client";
import { formatOrderId } from "../../../lib/format";
import { useTranslation } from "../../../lib/i18n";
import { unpaidSearchQuery } from "../api/payments";
import { formatAdminDate } from "../lib/format";
import { canMarkPaid, paymentStatusOf } from "../lib/payments";
import { PaymentBadge } from "./payment-badge";
import type { PaymentNoteTarget } from "./payment-note-modal";

/**
 * Money that arrived without a receipt (seen in the bank, cash, a chat): find the order by its id
 * or customer among the latest ones, and mark it paid. Paid, denied and cancelled orders are left out,
 * and so are those whose receipt awaits verification.
 */
export function MarkPaidFinder({ onMarkPaid }: { onMarkPaid: (target: PaymentNoteTarget) => void }) {
  const { t } = useTranslation();
  const inputId = useId();
  const [input, setInput] = useState("");
  const [search, setSearch] = useState("");
  const { data, error, isPending, isFetching } = useQuery(unpaidSearchQuery(search));
  // A receipt awaiting verification is decided in the queue above, against its image.
  const unpaid = (data?.transactions ?? []).filter(
    (row) =>
      canMarkPaid({ orderStatus: row.order_status, paymentStatus: row.payment_status }) &&
      paymentStatusOf(row.payment_status) !== "Awaiting Verification",
  );

  let results: React.ReactNode;
  if (isPending) results = <p className="admin-muted">{t("Loading...")}</p>;
  else if (error)
    results = <p className="alert alert-error">{messageOf(error, t("The orders could not be loaded."))}</p>;
  else if (unpaid.length === 0)
    results = (
      <p className="admin-muted">
        {search ? t('No unpaid orders match "{{search}}".', { search }) : t("No unpaid orders.")}
      </p>
    );
  else
    results = (
      <ul className="unpaid-list" aria-label={t("Unpaid orders")}>
        {unpaid.map((row) => (
          <li key={row.order_id} className="unpaid-row" data-order-id={row.order_id}>
            <div className="unpaid-main">
              <strong>{formatOrderId(row.order_id)}</strong>
              <span>{row.customer_name}</span>
              <span className="admin-muted">{formatAdminDate(row.order_date)}</span>
            </div>
            <div className="unpaid-state">
              <Currency amount={row.total_price} className="unpaid-amount" />
              <StatusBadge status={row.order_status} />
              <PaymentBadge status={row.payment_status} />
            </div>
            <button
              type="button"
              className="btn btn-secondary btn-small"
              onClick={() =>
                onMarkPaid({ orderId: row.order_id, customer: row.customer_name, amount: row.total_price })
              }
              aria-label={t("Mark {{order}} paid", { order: formatOrderId(row.order_id) })}
            >
              {t("Mark paid")}
            </button>
          </li>
        ))}
      </ul>
    );

  return (
    <div className="mark-paid">
      <search className="admin-search">
        <form
          className="admin-search-form"
          onSubmit={(event) => {
            event.preventDefault();
            setSearch(input.trim());
          }}
        >
          <label htmlFor={inputId} className="visually-hidden">
            {t("Find an unpaid order")}
          </label>
          <input
            id={inputId}
            className="input"
            type="search"
            placeholder={t("Order ID or customer")}
            value={input}
            onChange={(event) => setInput(event.target.value)}
            maxLength={100}
          />
          <button type="submit" className="btn btn-primary btn-small">
            {t("Search")}
          </button>
        </form>
      </search>
      <div aria-busy={isFetching}>{results}</div>
    </div>
  );
}
