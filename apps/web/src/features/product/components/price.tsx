import { Currency } from "../../../components/currency";
import { useTranslation } from "../../../lib/i18n";

/** A figure that depends on the chosen size's price: "Rp …" until that price has arrived. */
export function Price({ amount, pending }: { amount: number; pending: boolean }) {
  return pending ? <span className="price-pending">Rp …</span> : <Currency amount={amount} />;
}

/** Subtotal (unit price × quantity), Customization and Total of the product page. */
export function ProductSummary({
  summary,
  pricePending,
}: {
  summary: { subtotal: number; customization: number; total: number };
  pricePending: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="product-summary card">
      <dl className="summary-lines">
        <div>
          <dt>{t("Subtotal")}</dt>
          <dd>
            <Price amount={summary.subtotal} pending={pricePending} />
          </dd>
        </div>
        <div>
          <dt>{t("Customization")}</dt>
          <dd>
            <Currency amount={summary.customization} />
          </dd>
        </div>
        <div className="summary-total">
          <dt>{t("Total")}</dt>
          <dd>
            <Price amount={summary.total} pending={pricePending} />
          </dd>
        </div>
      </dl>
    </div>
  );
}
