import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense, useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import { Link, NavLink, useLocation, useNavigate } from "react-router";
import { Avatar } from "../../components/avatar";
import { CartIcon, ChevronDownIcon, CloseIcon, MenuIcon } from "../../components/icons";
import { LanguageSwitch } from "../../components/language-switch";
import { Logo } from "../../components/logo";
import { useAuth, useLogout } from "../../lib/auth";
import { cartQuery } from "../../lib/cart";
import { type TFunction, useTranslation } from "../../lib/i18n";
import { useSwitchLanguage } from "../../lib/language";
import { HeaderSearch } from "./header-search";

interface NavItem {
  to: string;
  label: string;
  end?: boolean;
}

const PAYMENTS_PATH = "/admin/payments";

/** The bar's links and the profile menu's entries, named in the reader's language. */
function navigation(t: TFunction) {
  const publicLinks: NavItem[] = [
    { to: "/", label: t("Home"), end: true },
    { to: "/katalog", label: t("Catalog") },
    { to: "/blog", label: t("Blog") },
  ];
  const adminLinks: NavItem[] = [
    { to: "/admin", label: t("Dashboard"), end: true },
    { to: "/admin/products", label: t("Manage Products") },
    { to: "/admin/categories", label: t("Categories") },
    { to: "/admin/occasions", label: t("Occasions") },
    { to: "/admin/add-ons", label: t("Add-ons") },
    { to: "/admin/posts", label: t("Blog posts") },
    { to: "/admin/deliveries", label: t("Deliveries") },
    { to: "/admin/schedule", label: t("Schedule") },
    { to: PAYMENTS_PATH, label: t("Payments") },
    { to: "/admin/settings", label: t("Settings") },
  ];
  /** The same entries in the profile dropdown, where the dashboard is named in full, and the audit log. */
  const adminMenu: NavItem[] = [
    ...adminLinks.map((link) => (link.to === "/admin" ? { to: "/admin", label: t("Admin Dashboard") } : link)),
    // Looked at now and then rather than daily, so it waits in the menu and leaves the full bar alone.
    { to: "/admin/audit", label: t("Audit Log") },
  ];
  const customerMenu: NavItem[] = [
    { to: "/profil", label: t("My Profile") },
    { to: "/pesanan", label: t("My Orders") },
    { to: "/keranjang", label: t("My Cart") },
  ];
  return { publicLinks, adminLinks, adminMenu, customerMenu };
}

/**
 * The cart and the number of items in it, in the bar at every width. A visitor sees it too: the cart
 * asks them to log in and brings them back to it.
 */
function CartLink({ userId }: { userId: number | null }) {
  const cart = cartQuery(userId ?? 0);
  const { data } = useQuery({ ...cart, enabled: userId !== null && cart.enabled });
  const count = userId === null ? 0 : (data?.items.reduce((sum, item) => sum + item.quantity, 0) ?? 0);
  const { t } = useTranslation();
  let label = t("Cart");
  if (count === 1) label = t("Cart, 1 item");
  else if (count > 1) label = t("Cart, {{n}} items", { n: count });
  return (
    <Link to="/keranjang" className="nav-cart" aria-label={label}>
      <CartIcon size={22} />
      {count > 0 ? (
        <span className="nav-cart-count" aria-hidden="true">
          {count > 99 ? "99+" : count}
        </span>
      ) : null}
    </Link>
  );
}

interface NavBadge {
  count: number;
  /** The count in words, for screen readers; the link's name stays its label. */
  description: string;
}

function NavEntry({ link, badge }: { link: NavItem; badge?: NavBadge }) {
  const descriptionId = useId();
  const shown = badge && badge.count > 0 ? badge : null;
  return (
    <>
      <NavLink to={link.to} end={link.end} className="navbar-link" aria-describedby={shown ? descriptionId : undefined}>
        {link.label}
        {shown ? (
          <span className="nav-badge" aria-hidden="true">
            {shown.count > 99 ? "99+" : shown.count}
          </span>
        ) : null}
      </NavLink>
      {shown ? (
        <span id={descriptionId} hidden>
          {shown.description}
        </span>
      ) : null}
    </>
  );
}

const PaymentsQueueCount = lazy(() => import("../../features/admin/components/payments-queue-count"));

function receiptsBadge(t: TFunction, count: number): NavBadge {
  const description =
    count === 1 ? t("1 receipt awaits verification") : t("{{n}} receipts await verification", { n: count });
  return { count, description };
}

/** The Payments link counts the transfer receipts that await the admin's check. */
function PaymentsNavEntry({ link }: { link: NavItem }) {
  const { t } = useTranslation();
  return (
    <Suspense fallback={<NavEntry link={link} />}>
      <PaymentsQueueCount>{(count) => <NavEntry link={link} badge={receiptsBadge(t, count)} />}</PaymentsQueueCount>
    </Suspense>
  );
}

export function Navbar() {
  const { t } = useTranslation();
  const { user, isAdmin, isLoading } = useAuth();
  const logout = useLogout();
  const switchLanguage = useSwitchLanguage();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const [dropdownOpen, setDropdownOpen] = useState(false);
  const dropdownRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const profileButtonRef = useRef<HTMLButtonElement>(null);
  /** Set when Escape closed the phone's menu: once it is hidden, focus goes back to its button. */
  const refocusToggle = useRef(false);
  const menuId = useId();
  const dropdownId = useId();

  // A new page closes whatever menu led to it. Decided while rendering, not in an effect: an effect
  // also runs once the header first appears, and that late run (after the next paint) closed a menu
  // opened by a tap in the first moments of the page.
  const [menusPath, setMenusPath] = useState(pathname);
  if (menusPath !== pathname) {
    setMenusPath(pathname);
    setMenuOpen(false);
    setDropdownOpen(false);
  }

  useEffect(() => {
    if (!dropdownOpen) return;
    function onPointerDown(event: PointerEvent) {
      if (!dropdownRef.current?.contains(event.target as Node)) setDropdownOpen(false);
    }
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [dropdownOpen]);

  // Escape closes the innermost thing open (the profile dropdown, then the phone's menu) and hands
  // focus back to the button that opened it. Listened for from the commit that opens the menu (a
  // layout effect), so an Escape pressed as soon as the menu shows is not missed.
  useLayoutEffect(() => {
    if (!dropdownOpen && !menuOpen) return;
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== "Escape") return;
      if (dropdownOpen) {
        setDropdownOpen(false);
        if (dropdownRef.current?.contains(document.activeElement)) profileButtonRef.current?.focus();
      } else {
        refocusToggle.current = true;
        setMenuOpen(false);
      }
    }
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [dropdownOpen, menuOpen]);

  // In the commit that hides the menu, so a key pressed right after Escape already reaches the button.
  useLayoutEffect(() => {
    if (menuOpen || !refocusToggle.current) return;
    refocusToggle.current = false;
    toggleRef.current?.focus();
  }, [menuOpen]);

  const nav = navigation(t);
  const links = isAdmin ? nav.adminLinks : nav.publicLinks;
  const menuItems = isAdmin ? nav.adminMenu : nav.customerMenu;

  // Logout returns to the home page first and ends the session once that page is showing: a
  // guarded page still on screen would otherwise send the visitor to /login.
  const [loggingOut, setLoggingOut] = useState(false);
  const { mutate: endSession } = logout;
  useEffect(() => {
    if (!loggingOut || pathname !== "/") return;
    setLoggingOut(false);
    endSession();
  }, [loggingOut, pathname, endSession]);

  function handleLogout() {
    setDropdownOpen(false);
    setLoggingOut(true);
    navigate("/");
  }

  return (
    <header className="site-header">
      <nav className={isAdmin ? "container navbar navbar-admin" : "container navbar"} aria-label={t("Main")}>
        <Link to={isAdmin ? "/admin" : "/"} className="navbar-logo">
          <Logo />
        </Link>

        <div className="navbar-end">
          {isAdmin ? null : <CartLink userId={user?.user_id ?? null} />}
          <button
            ref={toggleRef}
            type="button"
            className="navbar-toggle"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            aria-label={menuOpen ? t("Close menu") : t("Open menu")}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <CloseIcon size={24} /> : <MenuIcon size={24} />}
          </button>
        </div>

        <div id={menuId} className={menuOpen ? "navbar-menu open" : "navbar-menu"}>
          {isAdmin ? null : <HeaderSearch />}
          <ul className="navbar-links">
            {links.map((link) => (
              <li key={link.to}>
                {link.to === PAYMENTS_PATH ? <PaymentsNavEntry link={link} /> : <NavEntry link={link} />}
              </li>
            ))}
          </ul>

          <div className="navbar-account">
            <LanguageSwitch className="navbar-language" onSwitch={(language) => void switchLanguage(language)} />
            {isLoading ? null : user ? (
              <div className="profile" ref={dropdownRef}>
                <button
                  ref={profileButtonRef}
                  type="button"
                  className="profile-button"
                  aria-haspopup="true"
                  aria-expanded={dropdownOpen}
                  aria-controls={dropdownId}
                  onClick={() => setDropdownOpen((open) => !open)}
                >
                  <Avatar username={user.username} size={34} />
                  <span className="profile-name">{user.username}</span>
                  <ChevronDownIcon size={16} className="profile-chevron" />
                </button>
                <div id={dropdownId} className="profile-dropdown" hidden={!dropdownOpen}>
                  <ul>
                    {menuItems.map((item) => (
                      <li key={item.to}>
                        <Link to={item.to} className="dropdown-item">
                          {item.label}
                        </Link>
                      </li>
                    ))}
                  </ul>
                  <hr className="dropdown-divider" />
                  <button type="button" className="dropdown-item dropdown-logout" onClick={handleLogout}>
                    {t("Logout")}
                  </button>
                </div>
              </div>
            ) : (
              <Link to="/login" className="btn btn-primary btn-small navbar-login">
                {t("Login")}
              </Link>
            )}
          </div>
        </div>
      </nav>
    </header>
  );
}
