import type { Product } from "@florist/contract";
import { IMAGE_SIZES } from "@florist/contract/pages";
import { useId } from "react";
import { FormError } from "../../../components/form-feedback";
import { TruckIcon } from "../../../components/icons";
import { MessageModal } from "../../../components/modal";
import { ProductImage } from "../../../components/product-image";
import { QuantityStepper } from "../../../components/quantity-stepper";
import { useTranslation } from "../../../lib/i18n";
import { useProductActions } from "../hooks/use-product-actions";
import { useProductOptions } from "../hooks/use-product-options";
import { AddedToCartModal } from "./added-to-cart-modal";
import { Price, ProductSummary } from "./price";
import { ColorPicker, CustomizationPicker, SizePicker } from "./product-option-pickers";

/** The photo fills a phone's width and half the 1200 px container from 900 px. */
const PHOTO_SIZES = IMAGE_SIZES.productPhoto;

/** One product: its photo, price and stock, the choices, the live summary and the two ways to buy. */
export function ProductDetail({ product }: { product: Product }) {
  const { t } = useTranslation();
  const formId = useId();
  const options = useProductOptions(product);
  const actions = useProductActions(product, options);
  const { sizes, size, color, soldOut, stock, quantity, pricePending } = options;

  return (
    <div className="product-layout">
      <div className="product-gallery">
        <div className="product-photo">
          <ProductImage
            src={options.imageUrl}
            alt={color ? `${product.name} — ${color.label}` : product.name}
            width={720}
            height={720}
            eager
            sizes={PHOTO_SIZES}
          />
          {soldOut ? <span className="sold-out-badge">{t("Stok Habis")}</span> : null}
        </div>
      </div>

      <div className="product-info">
        <h1 className="product-title">{product.name}</h1>
        <p className="product-price" aria-busy={pricePending}>
          <Price amount={options.unitPrice} pending={pricePending} />
          {sizes.length > 1 ? <span className="product-price-note">{t("for size {{size}}", { size })}</span> : null}
        </p>
        <p className={soldOut ? "stock-line out" : "stock-line"}>
          {soldOut ? t("This product is currently unavailable.") : t("In stock: {{stock}} available", { stock })}
        </p>
        {product.description ? <p className="product-description">{product.description}</p> : null}

        <form
          id={formId}
          className="product-form"
          onSubmit={(event) => {
            event.preventDefault();
            void actions.addToCartClicked();
          }}
        >
          <SizePicker sizes={sizes} value={size} onChange={options.setSize} />
          <ColorPicker colors={options.colors} value={options.colorRaw} onChange={options.setColorRaw} />
          <CustomizationPicker
            customizations={options.customizations}
            chosen={options.chosen}
            onToggle={options.toggleCustomization}
            onQuantity={options.setCustomizationQuantity}
          />

          <div className="option-group">
            <span className="field-label">{t("Quantity")}</span>
            <QuantityStepper
              label={t("Quantity")}
              value={quantity}
              max={stock}
              disabled={soldOut}
              onChange={options.setQuantity}
            />
          </div>

          <div className="field">
            <label htmlFor={`${formId}-notes`}>
              {t("Extra notes")} <span className="optional">{t("(optional)")}</span>
            </label>
            <textarea
              id={`${formId}-notes`}
              className="textarea"
              rows={3}
              maxLength={500}
              placeholder={t("A message for the card, a preferred delivery time, …")}
              value={options.notes}
              onChange={(event) => options.setNotes(event.target.value)}
            />
          </div>

          <ProductSummary summary={options.summary} pricePending={pricePending} />

          <FormError message={actions.formError} />

          <div className="product-actions">
            {/* Busy buttons stay focusable (aria-disabled), so focus can return to them after the modal. */}
            <button
              type="submit"
              className="btn btn-secondary"
              disabled={soldOut}
              aria-disabled={actions.adding || undefined}
            >
              {actions.adding ? t("Adding...") : t("Add to Cart")}
            </button>
            <button
              type="button"
              className="btn btn-primary"
              disabled={soldOut}
              aria-disabled={actions.adding || undefined}
              onClick={() => void actions.buyNowClicked()}
            >
              {t("Buy Now")}
            </button>
          </div>
          <p className="delivery-note">
            <TruckIcon size={18} /> {t("Delivered by our own team, within Bandung only.")}
          </p>
        </form>
      </div>

      <AddedToCartModal
        open={actions.addedOpen}
        line={`${quantity} × ${product.name}${size ? `, ${size}` : ""}${color ? `, ${color.label}` : ""}`}
        onClose={actions.closeAdded}
        onViewCart={actions.viewCart}
      />
      <MessageModal message={actions.feedback} onClose={actions.closeFeedback} />
    </div>
  );
}
