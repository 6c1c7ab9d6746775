import type { ReactNode } from "react";
import { ColorChip } from "../../../components/color-chip";
import { Currency } from "../../../components/currency";
import { TruckIcon } from "../../../components/icons";
import { OrderTotals } from "../../../components/order-totals";
import { ProductImage } from "../../../components/product-image";
import { cartItemColor } from "../../../lib/cart-lines";
import { useTranslation } from "../../../lib/i18n";
import { type CheckoutItem, checkoutItemPrice, type Totals } from "../../../lib/pricing";

function CheckoutLine({ item }: { item: CheckoutItem }) {
  const { t } = useTranslation();
  return (
    <li className="checkout-item">
      <div className="checkout-item-image">
        <ProductImage src={item.imageUrl} alt="" width={72} height={72} />
      </div>
      <div className="checkout-item-info">
        <p className="checkout-item-name">{item.name}</p>
        <p className="checkout-item-meta">
          {item.size ? <span>{t("Size {{size}}", { size: item.size })}</span> : null}
          {item.color ? (
            <span className="checkout-item-color">
              <ColorChip hex={cartItemColor({ selectedColor: item.color, selectedColorHex: item.colorHex ?? "" })} />
              {item.color}
            </span>
          ) : null}
        </p>
        <p className="checkout-item-meta">
          <span>
            <Currency amount={item.price} /> x {item.quantity}
          </span>
        </p>
        {item.customizations.length > 0 ? (
          <ul className="checkout-item-customizations">
            {item.customizations.map((c) => (
              <li key={c.customization_id}>
                + {c.name} (<Currency amount={c.price} /> x {c.quantity})
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <p className="checkout-item-total">
        <Currency amount={checkoutItemPrice(item)} />
      </p>
    </li>
  );
}

export interface CheckoutSummaryProps {
  id: string;
  items: CheckoutItem[];
  totals: Totals;
  /** When and where it goes, as chosen so far ("Wed 25 Nov · 15:00–18:00 WIB, Coblong"); empty: nothing yet. */
  delivery: string;
  /** What follows the totals: the Confirm Order button, so a phone shows the summary before it. */
  children?: ReactNode;
}

/** The lines being ordered, each with its total, when and where it goes, then Subtotal, Shipping and Total. */
export function CheckoutSummary({ id, items, totals, delivery, children }: CheckoutSummaryProps) {
  const { t } = useTranslation();
  return (
    <aside className="card checkout-summary" aria-labelledby={id}>
      <h2 id={id}>{t("Order Summary")}</h2>
      <ul className="checkout-items">
        {items.map((item) => (
          <CheckoutLine key={item.cartItemId ?? `${item.productId}-${item.size}-${item.color}`} item={item} />
        ))}
      </ul>
      {delivery ? (
        <p className="checkout-summary-delivery">
          <TruckIcon size={16} /> {delivery}
        </p>
      ) : null}
      <OrderTotals subtotal={totals.subtotal} shipping={totals.shipping} total={totals.total} />
      {children}
    </aside>
  );
}
