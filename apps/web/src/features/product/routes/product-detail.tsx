import type { Customization, Product } from "@florist/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useMemo, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { ColorChip } from "../../../components/color-chip";
import { Currency } from "../../../components/currency";
import { FormError } from "../../../components/form-feedback";
import { ArrowLeftIcon, TruckIcon } from "../../../components/icons";
import { MessageModal, Modal } from "../../../components/modal";
import { ErrorState, LoadingState } from "../../../components/page-state";
import { ProductImage } from "../../../components/product-image";
import { QuantityStepper } from "../../../components/quantity-stepper";
import { ApiError } from "../../../lib/api-client";
import { type LoginRedirectState, useAuth } from "../../../lib/auth";
import { cartKey } from "../../../lib/cart";
import { parseColorOptions } from "../../../lib/colors";
import { saveItemNotes } from "../../../lib/item-notes";
import { type CheckoutItem, clampQuantity, productSummary } from "../../../lib/pricing";
import { addToCart, customizationsQuery, productQuery, sizePriceQuery } from "../api/product";
import "../product.css";

const UNAVAILABLE = "This product is currently unavailable.";

export default function ProductPage() {
  const { productId: param } = useParams();
  const productId = Number(param);
  const validId = Number.isInteger(productId) && productId > 0;
  const { data: product, isPending, error } = useQuery({ ...productQuery(productId), enabled: validId });

  let content: React.ReactNode;
  if (!validId || (error instanceof ApiError && error.status === 404)) {
    content = <ErrorState text="Produk tidak ditemukan." />;
  } else if (error) {
    content = <ErrorState text="Gagal memuat detail produk." />;
  } else if (isPending) {
    content = <LoadingState text="Loading product..." />;
  } else {
    // Keyed by product so every product starts from the spec's defaults.
    content = <ProductDetail key={product.productId} product={product} />;
  }

  return (
    <div className="container page">
      <Link to="/katalog" className="back-link">
        <ArrowLeftIcon size={18} /> Back to Catalog
      </Link>
      {content}
    </div>
  );
}

function isOutOfStock(product: Product): boolean {
  return product.availabilityStatus === "out_of_stock" || product.stockQuantity <= 0;
}

type Feedback = { title: string; body?: React.ReactNode } | null;

function ProductDetail({ product }: { product: Product }) {
  const { user } = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const formId = useId();

  const sizes = product.sizeOptions.filter((size) => size.trim() !== "");
  const colors = useMemo(() => parseColorOptions(product.colorOptions), [product.colorOptions]);
  const soldOut = isOutOfStock(product);
  const stock = Math.max(0, product.stockQuantity);

  const [size, setSize] = useState(sizes[0] ?? "");
  const [colorRaw, setColorRaw] = useState(colors[0]?.raw ?? "");
  const [chosen, setChosen] = useState<Record<number, number>>({});
  const [notes, setNotes] = useState("");
  const [requestedQuantity, setQuantity] = useState(1);
  const [formError, setFormError] = useState<string | null>(null);
  const [addedOpen, setAddedOpen] = useState(false);
  const [feedback, setFeedback] = useState<Feedback>(null);

  const quantity = clampQuantity(requestedQuantity, stock);
  const color = colors.find((option) => option.raw === colorRaw) ?? null;

  const customizations = useQuery(customizationsQuery);
  const sizePrice = useQuery(sizePriceQuery(product.productId, size));
  const unitPrice = sizePrice.data ?? product.price;
  // Until the chosen size's price has arrived, show no figure rather than a price the shopper won't pay.
  const pricePending = size !== "" && sizePrice.isPending;
  const money = (amount: number) =>
    pricePending ? <span className="price-pending">Rp …</span> : <Currency amount={amount} />;

  const chosenCustomizations = (customizations.data ?? [])
    .filter((c) => chosen[c.customization_id] !== undefined)
    .map((c) => ({ ...c, quantity: chosen[c.customization_id] ?? 1 }));
  const summary = productSummary(unitPrice, quantity, chosenCustomizations);

  const colorImage = color
    ? product.images.find((image) => image.color_name.trim().toLowerCase() === color.label.toLowerCase())
    : undefined;
  const imageUrl = colorImage?.image_url ?? product.imageUrl;

  const add = useMutation({
    mutationFn: addToCart,
    onSuccess: async (cartItemId, input) => {
      if (cartItemId !== null) saveItemNotes(cartItemId, notes);
      await queryClient.invalidateQueries({ queryKey: cartKey(input.userId) });
      setAddedOpen(true);
    },
    onError: (err) => {
      const detail = err instanceof ApiError ? err.serverMessage : undefined;
      setFeedback({ title: "Failed to add to cart.", body: detail ? <p>{detail}</p> : undefined });
    },
  });

  /** The checks shared by Add to Cart and Buy Now (spec §5); returns the message that blocks, if any. */
  function validate(): string | null {
    if (soldOut || stock <= 0) return UNAVAILABLE;
    if (sizes.length > 0 && !size) return "Please select a size first.";
    if (colors.length > 0 && !color) return "Please select a color first.";
    return null;
  }

  function requireLogin(): boolean {
    if (user) return true;
    const state: LoginRedirectState = { redirectTo: `/produk/${product.productId}` };
    navigate("/login", { state });
    return false;
  }

  function handleAddToCart() {
    if (add.isPending) return;
    const problem = validate();
    setFormError(problem);
    if (problem || !requireLogin() || !user) return;
    add.mutate({
      userId: user.user_id,
      productId: product.productId,
      quantity,
      unitPrice,
      size,
      color: color?.label ?? "",
      colorHex: color?.hex ?? "",
      customizations: chosenCustomizations.map((c) => ({ customization_id: c.customization_id, quantity: c.quantity })),
    });
  }

  function handleBuyNow() {
    if (add.isPending) return;
    if (soldOut || stock <= 0) {
      setFeedback({ title: "Produk sedang tidak tersedia." });
      return;
    }
    const problem = validate();
    setFormError(problem);
    if (problem || !requireLogin()) return;
    const item: CheckoutItem = {
      productId: product.productId,
      name: product.name,
      price: unitPrice,
      quantity,
      imageUrl,
      size,
      color: color?.label ?? "",
      colorHex: color?.hex,
      notes: notes.trim(),
      customizations: chosenCustomizations,
      customizationTotal: summary.customization,
    };
    navigate("/pemesanan", { state: { checkoutItems: [item] } });
  }

  function toggleCustomization(customization: Customization, checked: boolean) {
    setChosen((current) => {
      const next = { ...current };
      if (checked) next[customization.customization_id] = 1;
      else delete next[customization.customization_id];
      return next;
    });
  }

  return (
    <div className="product-layout">
      <div className="product-gallery">
        <div className="product-photo">
          <ProductImage
            src={imageUrl}
            alt={color ? `${product.name} — ${color.label}` : product.name}
            width={720}
            height={720}
            eager
          />
          {soldOut ? <span className="sold-out-badge">Stok Habis</span> : null}
        </div>
      </div>

      <div className="product-info">
        <h1 className="product-title">{product.name}</h1>
        <p className="product-price" aria-busy={pricePending}>
          {money(unitPrice)}
          {sizes.length > 1 ? <span className="product-price-note">for size {size}</span> : null}
        </p>
        <p className={soldOut ? "stock-line out" : "stock-line"}>
          {soldOut ? UNAVAILABLE : `In stock: ${stock} available`}
        </p>
        {product.description ? <p className="product-description">{product.description}</p> : null}

        <form
          id={formId}
          className="product-form"
          onSubmit={(event) => {
            event.preventDefault();
            handleAddToCart();
          }}
        >
          {sizes.length > 0 ? (
            <fieldset className="option-group">
              <legend>Size</legend>
              <div className="option-buttons">
                {sizes.map((option) => (
                  <label key={option} className="option-button">
                    <input
                      type="radio"
                      name="size"
                      value={option}
                      checked={size === option}
                      onChange={() => setSize(option)}
                    />
                    <span>{option}</span>
                  </label>
                ))}
              </div>
            </fieldset>
          ) : null}

          {colors.length > 0 ? (
            <fieldset className="option-group">
              <legend>Color{color ? <span className="option-current">: {color.label}</span> : null}</legend>
              <div className="option-buttons">
                {colors.map((option) => (
                  <label key={option.raw} className="option-button color-option">
                    <input
                      type="radio"
                      name="color"
                      value={option.raw}
                      checked={colorRaw === option.raw}
                      onChange={() => setColorRaw(option.raw)}
                    />
                    <span>
                      <ColorChip hex={option.hex} />
                      {option.label}
                    </span>
                  </label>
                ))}
              </div>
            </fieldset>
          ) : null}

          {customizations.data && customizations.data.length > 0 ? (
            <fieldset className="option-group">
              <legend>Customization</legend>
              <ul className="customization-list">
                {customizations.data.map((customization) => {
                  const selected = chosen[customization.customization_id];
                  return (
                    <li
                      key={customization.customization_id}
                      className={selected ? "customization selected" : "customization"}
                    >
                      <label className="checkbox">
                        <input
                          type="checkbox"
                          checked={selected !== undefined}
                          onChange={(event) => toggleCustomization(customization, event.target.checked)}
                        />
                        <span className="customization-name">{customization.name}</span>
                      </label>
                      <span className="customization-price">
                        +<Currency amount={customization.price} />
                      </span>
                      {selected !== undefined ? (
                        <QuantityStepper
                          size="small"
                          label={`${customization.name} quantity`}
                          value={selected}
                          max={99}
                          onChange={(value) =>
                            setChosen((current) => ({ ...current, [customization.customization_id]: value }))
                          }
                        />
                      ) : null}
                    </li>
                  );
                })}
              </ul>
            </fieldset>
          ) : null}

          <div className="option-group">
            <span className="field-label">Quantity</span>
            <QuantityStepper label="Quantity" value={quantity} max={stock} disabled={soldOut} onChange={setQuantity} />
          </div>

          <div className="field">
            <label htmlFor={`${formId}-notes`}>
              Extra notes <span className="optional">(optional)</span>
            </label>
            <textarea
              id={`${formId}-notes`}
              className="textarea"
              rows={3}
              maxLength={500}
              placeholder="A message for the card, a preferred delivery time, …"
              value={notes}
              onChange={(event) => setNotes(event.target.value)}
            />
          </div>

          <div className="product-summary card">
            <dl className="summary-lines">
              <div>
                <dt>Subtotal</dt>
                <dd>{money(summary.subtotal)}</dd>
              </div>
              <div>
                <dt>Customization</dt>
                <dd>
                  <Currency amount={summary.customization} />
                </dd>
              </div>
              <div className="summary-total">
                <dt>Total</dt>
                <dd>{money(summary.total)}</dd>
              </div>
            </dl>
          </div>

          <FormError message={formError} />

          <div className="product-actions">
            {/* Busy buttons stay focusable (aria-disabled), so focus can return to them after the modal. */}
            <button
              type="submit"
              className="btn btn-secondary"
              disabled={soldOut}
              aria-disabled={add.isPending || undefined}
            >
              {add.isPending ? "Adding..." : "Add to Cart"}
            </button>
            <button
              type="button"
              className="btn btn-primary"
              disabled={soldOut}
              aria-disabled={add.isPending || undefined}
              onClick={handleBuyNow}
            >
              Buy Now
            </button>
          </div>
          <p className="delivery-note">
            <TruckIcon size={18} /> Delivered by our own team, within Bandung only.
          </p>
        </form>
      </div>

      <Modal
        open={addedOpen}
        title="Product added to cart."
        onClose={() => setAddedOpen(false)}
        actions={
          <>
            <button type="button" className="btn btn-secondary" onClick={() => setAddedOpen(false)}>
              Continue Shopping
            </button>
            <button type="button" className="btn btn-primary" onClick={() => navigate("/keranjang")} data-autofocus>
              View Cart
            </button>
          </>
        }
      >
        <p>
          {quantity} × {product.name}
          {size ? `, ${size}` : ""}
          {color ? `, ${color.label}` : ""}
        </p>
      </Modal>
      <MessageModal message={feedback} onClose={() => setFeedback(null)} />
    </div>
  );
}
