import type { OrderDetail, UnavailableItem, User } from "@florist/contract";
import { DEFAULT_DELIVERY_FEE } from "@florist/contract/rules";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useRef, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { ColorChip } from "../../../components/color-chip";
import { Currency } from "../../../components/currency";
import { TruckIcon } from "../../../components/icons";
import { ConfirmModal, MessageModal, Modal } from "../../../components/modal";
import { OrderTotals } from "../../../components/order-totals";
import { EmptyState, ErrorState, LoadingState, LoginPrompt, PageHeader } from "../../../components/page-state";
import { ProductImage } from "../../../components/product-image";
import { StockShortageModal, unavailableItemsOf } from "../../../components/stock-shortage";
import { type ShippingDetails, writeAddressBlock } from "../../../lib/address";
import { ApiError, messageOf } from "../../../lib/api-client";
import { useAuth } from "../../../lib/auth";
import { cartItemColor, cartKey, cartQuery, toCheckoutItem } from "../../../lib/cart";
import { deliveryFeeQuery } from "../../../lib/delivery-fee";
import { formatOrderId } from "../../../lib/format";
import { combineNotes, readItemNotes } from "../../../lib/item-notes";
import { type CheckoutItem, checkoutItemPrice, checkoutTotals } from "../../../lib/pricing";
import { placeOrder } from "../api/checkout";
import { type FieldErrors, validateShipping } from "../checkout-form";
import "../checkout.css";

interface CheckoutState {
  checkoutItems?: CheckoutItem[];
  shippingCost?: number;
  cartId?: number;
}

function readState(state: unknown): CheckoutState {
  if (!state || typeof state !== "object") return {};
  const value = state as CheckoutState;
  return {
    checkoutItems: Array.isArray(value.checkoutItems) ? value.checkoutItems : undefined,
    shippingCost: typeof value.shippingCost === "number" ? value.shippingCost : undefined,
    cartId: typeof value.cartId === "number" ? value.cartId : undefined,
  };
}

export default function CheckoutPage() {
  const { user } = useAuth();
  const location = useLocation();
  const passed = readState(location.state);

  return (
    <div className="container page">
      <PageHeader eyebrow="Checkout" title="Checkout" />
      {!user ? (
        <LoginPrompt text="Please log in to continue checkout." redirectTo="/pemesanan" />
      ) : passed.checkoutItems ? (
        <Checkout user={user} items={passed.checkoutItems} cartId={passed.cartId} shippingCost={passed.shippingCost} />
      ) : (
        <CheckoutFromCart user={user} shippingCost={passed.shippingCost} />
      )}
    </div>
  );
}

/** Arriving without items: the cart is ensured and fetched, its lines carry their customizations. */
function CheckoutFromCart({ user, shippingCost }: { user: User; shippingCost?: number }) {
  const cart = useQuery(cartQuery(user.user_id));
  if (cart.isPending) return <LoadingState text="Loading cart..." />;
  if (cart.error) return <ErrorState text={messageOf(cart.error, "Failed to load cart.")} />;
  const items = cart.data.items.map((item) => toCheckoutItem(item, readItemNotes(item.cartItemId)));
  return <Checkout user={user} items={items} cartId={cart.data.cartId} shippingCost={shippingCost} />;
}

interface CheckoutProps {
  user: User;
  items: CheckoutItem[];
  cartId?: number;
  shippingCost?: number;
}

const FIELD_ORDER: (keyof ShippingDetails)[] = ["firstName", "lastName", "email", "phone", "address"];

function Checkout({ user, items, cartId, shippingCost }: CheckoutProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const formRef = useRef<HTMLFormElement>(null);
  const id = useId();
  const fee = useQuery({ ...deliveryFeeQuery, enabled: shippingCost === undefined });
  // Spec §9: a passed-in shipping value first, then the setting, then the default.
  const shipping = shippingCost ?? fee.data ?? DEFAULT_DELIVERY_FEE;
  const totals = checkoutTotals(items, shipping);

  const [details, setDetails] = useState<ShippingDetails>(() => ({
    firstName: "",
    lastName: "",
    email: user.email,
    phone: "",
    address: "",
    city: "Bandung",
    notes: combineNotes(items),
  }));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [confirming, setConfirming] = useState(false);
  const [created, setCreated] = useState<OrderDetail | null>(null);
  const [shortage, setShortage] = useState<UnavailableItem[] | null>(null);
  const [failure, setFailure] = useState<{ title: string; body?: React.ReactNode } | null>(null);

  const order = useMutation({
    mutationFn: placeOrder,
    onSuccess: async (result) => {
      setConfirming(false);
      setCreated(result);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: cartKey(user.user_id) }),
        queryClient.invalidateQueries({ queryKey: ["orders", user.user_id] }),
        queryClient.invalidateQueries({ queryKey: ["product"] }),
        queryClient.invalidateQueries({ queryKey: ["catalog"] }),
      ]);
    },
    onError: (error) => {
      setConfirming(false);
      const unavailable = error instanceof ApiError ? unavailableItemsOf(error.body) : null;
      if (unavailable) setShortage(unavailable);
      else
        setFailure({
          title: "Failed to process order.",
          body: error instanceof ApiError && error.serverMessage ? <p>{error.serverMessage}</p> : undefined,
        });
    },
  });

  if (items.length === 0 && !created) {
    return (
      <EmptyState text="There are no items to process.">
        <Link to="/katalog" className="btn btn-primary">
          Explore the Catalog
        </Link>
      </EmptyState>
    );
  }

  function update<K extends keyof ShippingDetails>(key: K, value: ShippingDetails[K]) {
    setDetails((current) => ({ ...current, [key]: value }));
    if (errors[key]) setErrors((current) => ({ ...current, [key]: undefined }));
  }

  function handleSubmit(event: React.FormEvent) {
    event.preventDefault();
    const found = validateShipping(details);
    setErrors(found);
    const firstInvalid = FIELD_ORDER.find((key) => found[key]);
    if (firstInvalid) {
      formRef.current?.querySelector<HTMLElement>(`[name="${firstInvalid}"]`)?.focus();
      return;
    }
    setConfirming(true);
  }

  function confirm() {
    order.mutate({
      userId: user.user_id,
      shippingAddress: writeAddressBlock(details),
      shippingCost: shipping,
      cartId,
      items,
    });
  }

  function field(key: keyof ShippingDetails, label: string, input: React.ReactElement, hint?: string) {
    const error = errors[key];
    return (
      <div className="field">
        <label htmlFor={`${id}-${key}`}>{label}</label>
        {input}
        {hint ? <p className="field-hint">{hint}</p> : null}
        {error ? (
          <p className="field-error" id={`${id}-${key}-error`}>
            {error}
          </p>
        ) : null}
      </div>
    );
  }

  const inputProps = (key: keyof ShippingDetails) => ({
    id: `${id}-${key}`,
    name: key,
    value: details[key] ?? "",
    "aria-invalid": errors[key] ? true : undefined,
    "aria-describedby": errors[key] ? `${id}-${key}-error` : undefined,
    onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => update(key, event.target.value),
  });

  return (
    <div className="checkout-layout">
      <section className="card checkout-form-card" aria-labelledby={`${id}-shipping`}>
        <h2 id={`${id}-shipping`}>Shipping Details</h2>
        <p className="alert alert-info checkout-notice">
          <TruckIcon size={18} /> Currently, delivery is available only within Bandung.
        </p>
        <form ref={formRef} className="form" noValidate onSubmit={handleSubmit}>
          <div className="form-row">
            {field(
              "firstName",
              "First name",
              <input className="input" autoComplete="given-name" required {...inputProps("firstName")} />,
            )}
            {field(
              "lastName",
              "Last name",
              <input className="input" autoComplete="family-name" required {...inputProps("lastName")} />,
            )}
          </div>
          <div className="form-row">
            {field(
              "email",
              "Email",
              <input className="input" type="email" autoComplete="email" required {...inputProps("email")} />,
            )}
            {field(
              "phone",
              "Phone",
              <input
                className="input"
                type="tel"
                autoComplete="tel"
                inputMode="tel"
                placeholder="08xx xxxx xxxx"
                required
                {...inputProps("phone")}
              />,
            )}
          </div>
          {field(
            "address",
            "Address",
            <textarea
              className="textarea"
              rows={3}
              autoComplete="street-address"
              placeholder="Street, number, RT/RW, district"
              required
              {...inputProps("address")}
            />,
          )}
          {field("city", "City", <input className="input" readOnly aria-readonly="true" {...inputProps("city")} />)}
          <div className="field">
            <label htmlFor={`${id}-notes`}>
              Notes <span className="optional">(optional)</span>
            </label>
            <textarea
              id={`${id}-notes`}
              name="notes"
              className="textarea"
              rows={3}
              maxLength={500}
              placeholder="Card message, delivery time, landmarks…"
              value={details.notes ?? ""}
              onChange={(event) => update("notes", event.target.value)}
            />
          </div>
          <button type="submit" className="btn btn-primary btn-block checkout-submit" disabled={order.isPending}>
            {order.isPending ? "Processing..." : "Confirm Order"}
          </button>
        </form>
      </section>

      <aside className="card checkout-summary" aria-labelledby={`${id}-summary`}>
        <h2 id={`${id}-summary`}>Order Summary</h2>
        <ul className="checkout-items">
          {items.map((item) => (
            <li key={item.cartItemId ?? `${item.productId}-${item.size}-${item.color}`} className="checkout-item">
              <div className="checkout-item-image">
                <ProductImage src={item.imageUrl} alt="" width={72} height={72} />
              </div>
              <div className="checkout-item-info">
                <p className="checkout-item-name">{item.name}</p>
                <p className="checkout-item-meta">
                  {item.size ? <span>Size {item.size}</span> : null}
                  {item.color ? (
                    <span className="checkout-item-color">
                      <ColorChip
                        hex={cartItemColor({ selectedColor: item.color, selectedColorHex: item.colorHex ?? "" })}
                      />
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
          ))}
        </ul>
        <OrderTotals subtotal={totals.subtotal} shipping={totals.shipping} total={totals.total} />
      </aside>

      <ConfirmModal
        open={confirming}
        title="Confirm your order"
        message={
          <p>
            Place this order for{" "}
            <strong>
              <Currency amount={totals.total} />
            </strong>
            , delivered to {details.address.trim()}, Bandung?
          </p>
        }
        confirmLabel={order.isPending ? "Processing..." : "Yes, confirm"}
        busy={order.isPending}
        onConfirm={confirm}
        onCancel={() => setConfirming(false)}
      />
      <Modal
        open={created !== null}
        title="Order created successfully!"
        onClose={() => navigate("/pesanan")}
        role="alertdialog"
        actions={
          <button type="button" className="btn btn-primary" onClick={() => navigate("/pesanan")} data-autofocus>
            View Orders
          </button>
        }
      >
        {created ? (
          <p>
            Your order <strong>{formatOrderId(created.orderId)}</strong> has been received. Total:{" "}
            <strong>
              <Currency amount={created.totalPrice} />
            </strong>
            .
          </p>
        ) : null}
      </Modal>
      <StockShortageModal items={shortage} onClose={() => setShortage(null)} />
      <MessageModal message={failure} onClose={() => setFailure(null)} />
    </div>
  );
}
