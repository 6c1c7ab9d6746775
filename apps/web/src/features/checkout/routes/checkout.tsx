import type { User } from "@florist/contract";
import { useQuery } from "@tanstack/react-query";
import { useLocation } from "react-router";
import { ErrorState, LoadingState, LoginPrompt, PageHeader } from "../../../components/page-state";
import { messageOf } from "../../../lib/api-client";
import { useAuth } from "../../../lib/auth";
import { cartQuery } from "../../../lib/cart";
import { toCheckoutItem } from "../../../lib/cart-lines";
import { useTranslation } from "../../../lib/i18n";
import { readItemNotes } from "../../../lib/item-notes";
import type { CheckoutItem } from "../../../lib/pricing";
import { Checkout } from "../components/checkout";
import "../checkout.css";

/** What the cart or Buy Now hands over in the navigation state. */
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
  const { t } = useTranslation();
  const { user } = useAuth();
  const location = useLocation();
  const passed = readState(location.state);

  return (
    <div className="container page">
      <PageHeader eyebrow={t("Checkout")} title={t("Checkout")} />
      {!user ? (
        <LoginPrompt text={t("Please log in to continue checkout.")} redirectTo="/pemesanan" />
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
  const { t } = useTranslation();
  const cart = useQuery(cartQuery(user.user_id));
  if (cart.isPending) return <LoadingState text={t("Loading cart...")} />;
  if (cart.error) return <ErrorState text={messageOf(cart.error, t("Failed to load cart."))} />;
  const items = cart.data.items.map((item) => toCheckoutItem(item, readItemNotes(item.cartItemId)));
  return <Checkout user={user} items={items} cartId={cart.data.cartId} shippingCost={shippingCost} />;
}
