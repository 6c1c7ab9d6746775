import type { CartItem } from "@florist/contract";
import { Link } from "react-router";
import { ColorChip } from "../../../components/color-chip";
import { Currency } from "../../../components/currency";
import { ProductImage } from "../../../components/product-image";
import { QuantityStepper } from "../../../components/quantity-stepper";
import { cartItemColor } from "../../../lib/cart-lines";
import { useTranslation } from "../../../lib/i18n";
import { cartItemTotal } from "../../../lib/pricing";

/** One cart line: photo, name, options, unit price × quantity, customizations, stepper, Remove and total. */
export function CartLine({
  item,
  busy,
  onQuantity,
  onRemove,
}: {
  item: CartItem;
  busy: boolean;
  onQuantity: (value: number) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  return (
    <li className="cart-item">
      <Link to={`/produk/${item.productId}`} className="cart-item-image" tabIndex={-1} aria-hidden="true">
        <ProductImage src={item.imageUrl} alt="" width={160} height={160} />
      </Link>
      <div className="cart-item-main">
        <h2 className="cart-item-name">
          <Link to={`/produk/${item.productId}`}>{item.productName}</Link>
        </h2>
        <dl className="cart-item-options">
          {item.selectedSize ? (
            <div>
              <dt>{t("Size")}</dt>
              <dd>{item.selectedSize}</dd>
            </div>
          ) : null}
          {item.selectedColor ? (
            <div>
              <dt>{t("Color")}</dt>
              <dd>
                <ColorChip hex={cartItemColor(item)} /> {item.selectedColor}
              </dd>
            </div>
          ) : null}
        </dl>
        <p className="cart-item-unit">
          <Currency amount={item.unitPrice} /> x {item.quantity}
        </p>
        {item.customizations.length > 0 ? (
          <div className="cart-item-customizations">
            <ul>
              {item.customizations.map((customization) => (
                <li key={customization.customization_id}>
                  <span>{customization.name}</span>
                  <span>
                    <Currency amount={customization.price} /> x {customization.quantity}
                  </span>
                </li>
              ))}
            </ul>
            <p>
              <span>{t("Customization Total")}</span>
              <Currency amount={item.customizationTotal} />
            </p>
          </div>
        ) : null}
        <div className="cart-item-controls">
          <QuantityStepper
            size="small"
            label={t("Quantity of {{name}}", { name: item.productName })}
            value={item.quantity}
            max={item.stockQuantity > 0 ? item.stockQuantity : item.quantity}
            disabled={busy}
            onChange={onQuantity}
          />
          <button type="button" className="link-button cart-remove" onClick={onRemove} disabled={busy}>
            {t("Remove")}
          </button>
        </div>
      </div>
      <p className="cart-item-total">
        <Currency amount={cartItemTotal(item)} />
      </p>
    </li>
  );
}
