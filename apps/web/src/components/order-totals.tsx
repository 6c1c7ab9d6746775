import { useTranslation } from "../lib/i18n";
import { Currency } from "./currency";

/**
 * Subtotal, shipping and total of a cart or an order. A shipping fee that is still loading
 * (null) shows as "…".
 */
export function OrderTotals({
  subtotal,
  shipping,
  total,
  className,
}: {
  subtotal: number;
  shipping: number | null;
  total: number;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <dl className={className ? `summary-lines ${className}` : "summary-lines"}>
      <div>
        <dt>{t("Subtotal")}</dt>
        <dd>
          <Currency amount={subtotal} />
        </dd>
      </div>
      <div>
        <dt>{t("Shipping")}</dt>
        <dd>{shipping === null ? "…" : <Currency amount={shipping} />}</dd>
      </div>
      <div className="summary-total">
        <dt>{t("Total")}</dt>
        <dd>
          <Currency amount={total} />
        </dd>
      </div>
    </dl>
  );
}
