import { lazy } from "react";
import { createBrowserRouter } from "react-router";
import HomePage from "../features/home/routes/home";
import { AuthLayout, MainLayout, PrintLayout, RootLayout } from "./layout/layouts";
import { RequireAuth } from "./layout/require-auth";
import { RouteError } from "./layout/route-error";

// Every screen but the home page is its own chunk; the admin screens in particular are never
// part of what a shopper downloads.
const CatalogPage = lazy(() => import("../features/catalog/routes/catalog"));
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
const AdminPostsPage = lazy(() => import("../features/admin/routes/posts"));
const ReminderOptOutPage = lazy(() => import("../features/reminders/routes/opt-out"));
const NotFoundPage = lazy(() => import("./layout/not-found"));

export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      {
        element: <MainLayout />,
        children: [
          { index: true, element: <HomePage /> },
          { path: "katalog", element: <CatalogPage /> },
          { path: "produk/:productId", element: <ProductPage /> },
          { path: "blog", element: <BlogListPage /> },
          { path: "blog/:postId", element: <BlogPostPage /> },
          // The opt-out link of a reminder mail: public, the token is the credential.
          { path: "pengingat/berhenti/:token", element: <ReminderOptOutPage /> },
          {
            element: <RequireAuth />,
            children: [
              { path: "pemesanan", element: <CheckoutPage /> },
              { path: "profil", element: <ProfilePage /> },
              { path: "pesanan", element: <OrdersPage /> },
              { path: "pesanan/:orderId/bayar", element: <HowToPayPage /> },
              { path: "keranjang", element: <CartPage /> },
              { path: "review/:orderId", element: <ReviewPage /> },
              { path: "admin", element: <AdminDashboardPage /> },
              { path: "admin/products", element: <AdminProductsPage /> },
              { path: "admin/settings", element: <AdminSettingsPage /> },
              { path: "admin/schedule", element: <AdminSchedulePage /> },
              { path: "admin/deliveries", element: <AdminDeliveriesPage /> },
              { path: "admin/payments", element: <AdminPaymentsPage /> },
              { path: "admin/audit", element: <AdminAuditPage /> },
              { path: "admin/add-ons", element: <AdminAddOnsPage /> },
              { path: "admin/categories", element: <AdminCategoriesPage /> },
              { path: "admin/posts", element: <AdminPostsPage /> },
            ],
          },
          { path: "*", element: <NotFoundPage /> },
        ],
      },
      {
        // Paper has no navigation: the print view stands outside the main layout.
        element: <PrintLayout />,
        children: [
          {
            element: <RequireAuth />,
            children: [{ path: "admin/deliveries/print", element: <AdminDeliveriesPrintPage /> }],
          },
        ],
      },
      {
        element: <AuthLayout />,
        children: [
          { path: "login", element: <LoginPage /> },
          { path: "signup", element: <SignupPage /> },
          { path: "forgot-password", element: <ForgotPasswordPage /> },
          { path: "reset-password/:resetToken", element: <ResetPasswordPage /> },
        ],
      },
    ],
  },
]);
