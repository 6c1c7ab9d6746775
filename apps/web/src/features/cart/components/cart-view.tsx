import type { Cart } from "@florist/contract";
import { ConfirmModal, MessageModal } from "../../../components/modal";
import { OrderTotals } from "../../../components/order-totals";
import { StockShortageModal } from "../../../components/stock-shortage";
import { useTranslation } from "../../../lib/i18n";
import { cartTotals } from "../../../lib/pricing";
import { useCartActions } from "../hooks/use-cart-actions";
import { CartLine } from "./cart-line";

/** A cart with lines: the lines, the order summary with the way to checkout, and the cart's modals. */
export function CartView({ userId, cart, shipping }: { userId: number; cart: Cart; shipping: number | null }) {
  const { t } = useTranslation();
  const actions = useCartActions(userId);
  const totals = cartTotals(cart.items, shipping ?? 0);
  const { busy } = actions;

  return (
    <div className="cart-layout">
      <ul className="cart-items" aria-busy={busy}>
        {cart.items.map((item) => (
          <CartLine
            key={item.cartItemId}
            item={item}
            busy={busy}
            onQuantity={(value) => actions.setQuantity(item, value)}
            onRemove={() => actions.askRemove(item)}
          />
        ))}
      </ul>

      <aside className="order-summary card" aria-labelledby="cart-summary-title">
        <h2 id="cart-summary-title">{t("Order Summary")}</h2>
        <OrderTotals subtotal={totals.subtotal} shipping={shipping} total={totals.total} />
        <button
          type="button"
          className="btn btn-primary btn-block"
          onClick={() => actions.goToCheckout(cart, shipping)}
          disabled={busy || actions.checkingStock || shipping === null}
        >
          {actions.checkingStock ? t("Checking stock...") : t("to Checkout")}
        </button>
        <p className="summary-note">{t("Delivery within Bandung only.")}</p>
        <p className="summary-note">{t("The delivery fee depends on the district; you choose it at checkout.")}</p>
      </aside>

      <ConfirmModal
        open={actions.toRemove !== null}
        title={t("Hapus produk ini dari keranjang?")}
        message={actions.toRemove ? <p>{actions.toRemove.productName}</p> : null}
        confirmLabel={t("Remove")}
        danger
        busy={actions.removing}
        onConfirm={actions.confirmRemove}
        onCancel={actions.cancelRemove}
      />
      <StockShortageModal items={actions.shortage} onClose={actions.closeShortage} />
      <MessageModal message={actions.feedback} onClose={actions.closeFeedback} />
    </div>
  );
}
