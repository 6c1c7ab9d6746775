import { documentTitle, HOME_TITLE, matchWebPage, NOT_FOUND_TITLE } from "@florist/contract/pages";
import { useEffect, useLayoutEffect } from "react";
import { useLocation } from "react-router";
import { type TFunction, useTranslation } from "./i18n";

/**
 * The pages' titles (packages/contract/src/pages.ts) in the reader's language. Written out as literal
 * t() calls, one per title, so the catalogue test finds each key; a title missing here stays English.
 */
function pageTitle(t: TFunction, title: string): string {
  const titles: Record<string, string> = {
    [HOME_TITLE]: t("Bandung Florist — Sharing Happiness and Capturing the Moment"),
    "Product Catalog": t("Product Catalog"),
    Product: t("Product"),
    "Blog & Tips": t("Blog & Tips"),
    Article: t("Article"),
    Search: t("Search"),
    Reminders: t("Reminders"),
    Checkout: t("Checkout"),
    Profile: t("Profile"),
    "My Orders": t("My Orders"),
    "How to Pay": t("How to Pay"),
    Cart: t("Cart"),
    Review: t("Review"),
    "Admin Dashboard": t("Admin Dashboard"),
    "Admin: Products": t("Admin: Products"),
    "Admin: Settings": t("Admin: Settings"),
    "Admin: Schedule": t("Admin: Schedule"),
    "Admin: Deliveries": t("Admin: Deliveries"),
    "Admin: Delivery Sheet": t("Admin: Delivery Sheet"),
    "Admin: Payments": t("Admin: Payments"),
    "Admin: Audit Log": t("Admin: Audit Log"),
    "Admin: Add-ons": t("Admin: Add-ons"),
    "Admin: Categories": t("Admin: Categories"),
    "Admin: Blog Posts": t("Admin: Blog Posts"),
    "Admin: Occasions": t("Admin: Occasions"),
    Login: t("Login"),
    "Sign Up": t("Sign Up"),
    "Forgot Password": t("Forgot Password"),
    "Reset Password": t("Reset Password"),
    [NOT_FOUND_TITLE]: t("Page Not Found"),
  };
  return titles[title] ?? title;
}

const wholeTitle = (t: TFunction, title: string) =>
  title === HOME_TITLE ? pageTitle(t, HOME_TITLE) : documentTitle(pageTitle(t, title));

/**
 * Keeps `document.title` to the page's title from the shared list while the visitor moves around
 * (the server puts the same title into the page it serves). Used once, by the root layout; it runs
 * before the screens' own effects, so a product's or post's page can name itself with usePageTitle.
 */
export function useRouteTitle(): void {
  const { pathname } = useLocation();
  // t is a new function in each language, so a switch of language writes the title again.
  const { t } = useTranslation();
  useLayoutEffect(() => {
    document.title = wholeTitle(t, matchWebPage(pathname)?.page.title ?? NOT_FOUND_TITLE);
  }, [pathname, t]);
}

/**
 * Names the page once its screen knows more than the list does: a product's or post's name, or that
 * it does not exist. `undefined` leaves the list's title (while loading). The text is shown as given.
 */
export function usePageTitle(title: string | undefined): void {
  const { language } = useTranslation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: after a switch of language the root layout writes its title first.
  useEffect(() => {
    if (title !== undefined) document.title = documentTitle(title);
  }, [title, language]);
}
