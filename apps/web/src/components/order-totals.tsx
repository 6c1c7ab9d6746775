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
  return (
    <dl className={className ? `summary-lines ${className}` : "summary-lines"}>
      <div>
        <dt>Subtotal</dt>
        <dd>
          <Currency amount={subtotal} />
        </dd>
      </div>
      <div>
        <dt>Shipping</dt>
        <dd>{shipping === null ? "…" : <Currency amount={shipping} />}</dd>
      </div>
      <div className="summary-total">
        <dt>Total</dt>
        <dd>
          <Currency amount={total} />
        </dd>
      </div>
    </dl>
  );
}
