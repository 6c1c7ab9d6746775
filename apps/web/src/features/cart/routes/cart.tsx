import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { EmptyState, ErrorState, LoadingState, LoginPrompt, PageHeader } from "../../../components/page-state";
import { messageOf } from "../../../lib/api-client";
import { useAuth } from "../../../lib/auth";
import { cartQuery } from "../../../lib/cart";
import { deliveryFeeQuery } from "../../../lib/delivery-fee";
import { useTranslation } from "../../../lib/i18n";
import { CartView } from "../components/cart-view";
import "../cart.css";

export default function CartPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  return (
    <div className="container page">
      <PageHeader eyebrow={t("Cart")} title={t("My Cart")} />
      {user ? (
        <CartContent userId={user.user_id} />
      ) : (
        <LoginPrompt text={t("Please log in to view your cart.")} redirectTo="/keranjang" />
      )}
    </div>
  );
}

function CartContent({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const cart = useQuery(cartQuery(userId));
  const fee = useQuery(deliveryFeeQuery);

  if (cart.isPending) return <LoadingState text={t("Loading cart...")} />;
  if (cart.error) return <ErrorState text={messageOf(cart.error, t("Failed to load cart."))} />;
  if (cart.data.items.length === 0) {
    return (
      <EmptyState text={t("Your cart is empty. Explore our catalog!")}>
        <Link to="/katalog" className="btn btn-primary">
          {t("Explore the Catalog")}
        </Link>
      </EmptyState>
    );
  }
  return <CartView userId={userId} cart={cart.data} shipping={fee.data ?? null} />;
}
