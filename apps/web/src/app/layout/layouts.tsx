import { type ReactNode, Suspense } from "react";
import { Link, Outlet, useLocation } from "react-router";
import { Logo } from "../../components/logo";
import { LoadingState } from "../../components/page-state";
import { useTranslation } from "../../lib/i18n";
import { useRouteTitle } from "../../lib/use-page-title";
import { Footer } from "./footer";
import { Navbar } from "./navbar";
import { RouteErrorBoundary } from "./route-error";
import { ScrollToTop } from "./scroll-to-top";
import "./layout.css";

export function RootLayout() {
  const { pathname } = useLocation();
  useRouteTitle();
  return (
    <>
      <ScrollToTop />
      <RouteErrorBoundary address={pathname}>
        <Outlet />
      </RouteErrorBoundary>
    </>
  );
}

/** What a page shows while its code arrives. */
function PageLoading() {
  const { t } = useTranslation();
  return <LoadingState text={t("Loading...")} />;
}

/**
 * The page's frame: header, main and footer. The served index.html holds the same frame, drawn from
 * this component at build time (static-frame.tsx), so the first paint already shows it.
 */
export function SiteFrame({ children, footer = true }: { children?: ReactNode; footer?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="site">
      <a className="skip-link" href="#main">
        {t("Skip to content")}
      </a>
      <Navbar />
      <main id="main" className="site-main" tabIndex={-1}>
        {children}
      </main>
      {footer ? <Footer /> : null}
    </div>
  );
}

export function MainLayout() {
  const { pathname } = useLocation();
  const isAdminPath = pathname === "/admin" || pathname.startsWith("/admin/");
  return (
    <SiteFrame footer={!isAdminPath}>
      <Suspense fallback={<PageLoading />}>
        <Outlet />
      </Suspense>
    </SiteFrame>
  );
}

/** Authentication screens stand outside the main layout: a quiet page with the logo and one card. */
export function AuthLayout() {
  return (
    <div className="auth-shell">
      <main id="main" className="auth-main">
        <Link to="/" className="auth-logo">
          <Logo size={52} />
        </Link>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}

/** A page meant for paper (the deliveries' run sheet and cards): no navigation, no footer. */
export function PrintLayout() {
  return (
    <main id="main">
      <Suspense fallback={<PageLoading />}>
        <Outlet />
      </Suspense>
    </main>
  );
}
