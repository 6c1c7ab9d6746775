import type { CartItem, UnavailableItem } from "@florist/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { ColorChip } from "../../../components/color-chip";
import { Currency } from "../../../components/currency";
import { ConfirmModal, MessageModal } from "../../../components/modal";
import { OrderTotals } from "../../../components/order-totals";
import { EmptyState, ErrorState, LoadingState, LoginPrompt, PageHeader } from "../../../components/page-state";
import { ProductImage } from "../../../components/product-image";
import { QuantityStepper } from "../../../components/quantity-stepper";
import { StockShortageModal } from "../../../components/stock-shortage";
import { messageOf } from "../../../lib/api-client";
import { useAuth } from "../../../lib/auth";
import { cartItemColor, cartKey, cartQuery, toCheckoutItem } from "../../../lib/cart";
import { deliveryFeeQuery } from "../../../lib/delivery-fee";
import { readItemNotes } from "../../../lib/item-notes";
import { cartItemTotal, cartTotals } from "../../../lib/pricing";
import { changeQuantity, checkStock, removeItem } from "../api/cart";
import "../cart.css";

type Feedback = { title: string; body?: React.ReactNode } | null;

export default function CartPage() {
  const { user } = useAuth();
  return (
    <div className="container page">
      <PageHeader eyebrow="Cart" title="My Cart" />
      {user ? (
        <CartContent userId={user.user_id} />
      ) : (
        <LoginPrompt text="Please log in to view your cart." redirectTo="/keranjang" />
      )}
    </div>
  );
}

function CartContent({ userId }: { userId: number }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const cart = useQuery(cartQuery(userId));
  const fee = useQuery(deliveryFeeQuery);
  const [feedback, setFeedback] = useState<Feedback>(null);
  const [shortage, setShortage] = useState<UnavailableItem[] | null>(null);
  const [toRemove, setToRemove] = useState<CartItem | null>(null);

  const reload = () => queryClient.invalidateQueries({ queryKey: cartKey(userId) });

  const quantity = useMutation({
    mutationFn: ({ item, value }: { item: CartItem; value: number }) => changeQuantity(item, value),
    onError: (error) =>
      setFeedback({ title: "Gagal mengubah jumlah", body: <p>{messageOf(error, "Gagal mengubah jumlah item.")}</p> }),
    onSettled: reload,
  });

  const remove = useMutation({
    mutationFn: (item: CartItem) => removeItem(item.cartItemId),
    onError: (error) =>
      setFeedback({ title: "Gagal menghapus item", body: <p>{messageOf(error, "Gagal menghapus item.")}</p> }),
    onSettled: async () => {
      setToRemove(null);
      await reload();
    },
  });

  const stock = useMutation({
    mutationFn: (cartId: number) => checkStock(cartId),
    onError: (error) =>
      setFeedback({
        title: "Gagal memeriksa stok",
        body: <p>{messageOf(error, "Gagal memeriksa ketersediaan stok.")}</p>,
      }),
  });

  if (cart.isPending) return <LoadingState text="Loading cart..." />;
  if (cart.error) return <ErrorState text={messageOf(cart.error, "Failed to load cart.")} />;

  const items = cart.data.items;
  if (items.length === 0) {
    return (
      <EmptyState text="Your cart is empty. Explore our catalog!">
        <Link to="/katalog" className="btn btn-primary">
          Explore the Catalog
        </Link>
      </EmptyState>
    );
  }

  const shipping = fee.data ?? null;
  const totals = cartTotals(items, shipping ?? 0);
  const busy = quantity.isPending || remove.isPending;

  async function goToCheckout() {
    if (!cart.data || items.length === 0) return;
    const result = await stock.mutateAsync(cart.data.cartId).catch(() => null);
    if (!result) return;
    if (result.unavailableItems.length > 0) {
      setShortage(result.unavailableItems);
      return;
    }
    navigate("/pemesanan", {
      state: {
        checkoutItems: items.map((item) => toCheckoutItem(item, readItemNotes(item.cartItemId))),
        shippingCost: shipping ?? undefined,
        cartId: cart.data.cartId,
      },
    });
  }

  return (
    <div className="cart-layout">
      <ul className="cart-items" aria-busy={busy}>
        {items.map((item) => (
          <li key={item.cartItemId} className="cart-item">
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
                    <dt>Size</dt>
                    <dd>{item.selectedSize}</dd>
                  </div>
                ) : null}
                {item.selectedColor ? (
                  <div>
                    <dt>Color</dt>
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
                    <span>Customization Total</span>
                    <Currency amount={item.customizationTotal} />
                  </p>
                </div>
              ) : null}
              <div className="cart-item-controls">
                <QuantityStepper
                  size="small"
                  label={`Quantity of ${item.productName}`}
                  value={item.quantity}
                  max={item.stockQuantity > 0 ? item.stockQuantity : item.quantity}
                  disabled={busy}
                  onChange={(value) => quantity.mutate({ item, value })}
                />
                <button
                  type="button"
                  className="link-button cart-remove"
                  onClick={() => setToRemove(item)}
                  disabled={busy}
                >
                  Remove
                </button>
              </div>
            </div>
            <p className="cart-item-total">
              <Currency amount={cartItemTotal(item)} />
            </p>
          </li>
        ))}
      </ul>

      <aside className="order-summary card" aria-labelledby="cart-summary-title">
        <h2 id="cart-summary-title">Order Summary</h2>
        <OrderTotals subtotal={totals.subtotal} shipping={shipping} total={totals.total} />
        <button
          type="button"
          className="btn btn-primary btn-block"
          onClick={goToCheckout}
          disabled={busy || stock.isPending || shipping === null}
        >
          {stock.isPending ? "Checking stock..." : "to Checkout"}
        </button>
        <p className="summary-note">Delivery within Bandung only.</p>
      </aside>

      <ConfirmModal
        open={toRemove !== null}
        title="Hapus produk ini dari keranjang?"
        message={toRemove ? <p>{toRemove.productName}</p> : null}
        confirmLabel="Remove"
        danger
        busy={remove.isPending}
        onConfirm={() => toRemove && remove.mutate(toRemove)}
        onCancel={() => setToRemove(null)}
      />
      <StockShortageModal items={shortage} onClose={() => setShortage(null)} />
      <MessageModal message={feedback} onClose={() => setFeedback(null)} />
    </div>
  );
}
