import { lazy } from "react";
import { Route, Routes } from "react-router";
import HomePage from "../features/home/routes/home";
import { AuthLayout, MainLayout, PrintLayout, RootLayout } from "./layout/layouts";
import { RequireAuth } from "./layout/require-auth";

// Every screen but the home page is its own chunk; the admin screens in particular are never
// part of what a shopper downloads. The routes are declared as elements (React Router's declarative
// mode): the shop loads no data through the router, and that mode is half the router's size.
const CatalogPage = lazy(() => import("../features/catalog/routes/catalog"));
const SearchPage = lazy(() => import("../features/search/routes/search"));
const ProductPage = lazy(() => import("../features/product/routes/product-detail"));
const BlogListPage = lazy(() => import("../features/blog/routes/blog-list"));
const BlogPostPage = lazy(() => import("../features/blog/routes/blog-post"));
const CartPage = lazy(() => import("../features/cart/routes/cart"));
const CheckoutPage = lazy(() => import("../features/checkout/routes/checkout"));
const OrdersPage = lazy(() => import("../features/orders/routes/orders"));
const HowToPayPage = lazy(() => import("../features/payment/routes/how-to-pay"));
const ProfilePage = lazy(() => import("../features/profile/routes/profile"));
const ReviewPage = lazy(() => import("../features/review/routes/review"));
const LoginPage = lazy(() => import("../features/auth/routes/login"));
const SignupPage = lazy(() => import("../features/auth/routes/signup"));
const ForgotPasswordPage = lazy(() => import("../features/auth/routes/forgot-password"));
const ResetPasswordPage = lazy(() => import("../features/auth/routes/reset-password"));
const AdminDashboardPage = lazy(() => import("../features/admin/routes/dashboard"));
const AdminProductsPage = lazy(() => import("../features/admin/routes/products"));
const AdminSettingsPage = lazy(() => import("../features/admin/routes/settings"));
const AdminDeliveriesPage = lazy(() => import("../features/admin/routes/deliveries"));
const AdminDeliveriesPrintPage = lazy(() => import("../features/admin/routes/deliveries-print"));
const AdminSchedulePage = lazy(() => import("../features/admin/routes/schedule"));
const AdminPaymentsPage = lazy(() => import("../features/admin/routes/payments"));
const AdminAuditPage = lazy(() => import("../features/admin/routes/audit"));
const AdminAddOnsPage = lazy(() => import("../features/admin/routes/add-ons"));
const AdminCategoriesPage = lazy(() => import("../features/admin/routes/categories"));
const AdminOccasionsPage = lazy(() => import("../features/admin/routes/occasions"));
const AdminPostsPage = lazy(() => import("../features/admin/routes/posts"));
const ReminderOptOutPage = lazy(() => import("../features/reminders/routes/opt-out"));
const NotFoundPage = lazy(() => import("./layout/not-found"));

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route element={<MainLayout />}>
          <Route index element={<HomePage />} />
          <Route path="katalog" element={<CatalogPage />} />
          <Route path="cari" element={<SearchPage />} />
          <Route path="produk/:productId" element={<ProductPage />} />
          <Route path="blog" element={<BlogListPage />} />
          <Route path="blog/:postId" element={<BlogPostPage />} />
          {/* The opt-out link of a reminder mail: public, the token is the credential. */}
          <Route path="pengingat/berhenti/:token" element={<ReminderOptOutPage />} />
          <Route element={<RequireAuth />}>
            <Route path="pemesanan" element={<CheckoutPage />} />
            <Route path="profil" element={<ProfilePage />} />
            <Route path="pesanan" element={<OrdersPage />} />
            <Route path="pesanan/:orderId/bayar" element={<HowToPayPage />} />
            <Route path="keranjang" element={<CartPage />} />
            <Route path="review/:orderId" element={<ReviewPage />} />
            <Route path="admin" element={<AdminDashboardPage />} />
            <Route path="admin/products" element={<AdminProductsPage />} />
            <Route path="admin/settings" element={<AdminSettingsPage />} />
            <Route path="admin/schedule" element={<AdminSchedulePage />} />
            <Route path="admin/deliveries" element={<AdminDeliveriesPage />} />
            <Route path="admin/payments" element={<AdminPaymentsPage />} />
            <Route path="admin/audit" element={<AdminAuditPage />} />
            <Route path="admin/add-ons" element={<AdminAddOnsPage />} />
            <Route path="admin/categories" element={<AdminCategoriesPage />} />
            <Route path="admin/occasions" element={<AdminOccasionsPage />} />
            <Route path="admin/posts" element={<AdminPostsPage />} />
          </Route>
          <Route path="*" element={<NotFoundPage />} />
        </Route>
        {/* Paper has no navigation: the print view stands outside the main layout. */}
        <Route element={<PrintLayout />}>
          <Route element={<RequireAuth />}>
            <Route path="admin/deliveries/print" element={<AdminDeliveriesPrintPage />} />
          </Route>
        </Route>
        <Route element={<AuthLayout />}>
          <Route path="login" element={<LoginPage />} />
          <Route path="signup" element={<SignupPage />} />
          <Route path="forgot-password" element={<ForgotPasswordPage />} />
          <Route path="reset-password/:resetToken" element={<ResetPasswordPage />} />
        </Route>
      </Route>
    </Routes>
  );
}
