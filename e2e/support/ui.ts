import type { Page } from "playwright-core";
import type { ShopPage } from "./browser";

/** On a phone the navigation sits behind the hamburger; open it when it is there. */
export async function openMenu(page: Page): Promise<void> {
  // The served page already draws the header, but its buttons work once the app has started, which is
  // when the page's main area gets its first content (the empty main of the served frame is filled).
  await page.locator("nav.navbar").waitFor();
  await page.locator("#main > *").first().waitFor({ state: "attached" });
  const toggle = page.locator(".navbar-toggle");
  if (!(await toggle.isVisible())) return;
  if ((await toggle.getAttribute("aria-expanded")) !== "true") await toggle.click();
  await page.locator(".navbar-menu.open").waitFor();
}

export async function clickNav(page: Page, name: string): Promise<void> {
  await openMenu(page);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name, exact: true }).click();
}

/** Opens the profile dropdown and picks an entry (My Orders, Logout, …). */
export async function accountMenu(page: Page, item: string): Promise<void> {
  await openMenu(page);
  await page.locator(".profile-button").click();
  const dropdown = page.locator(".profile-dropdown");
  const entry = dropdown.getByRole("link", { name: item, exact: true });
  if (await entry.count()) await entry.click();
  else await dropdown.getByRole("button", { name: item, exact: true }).click();
}

export async function fillLogin(page: Page, identifier: string, password: string): Promise<void> {
  await page.getByLabel("Username or email").fill(identifier);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
}

export async function waitForPath(page: Page, path: string | RegExp): Promise<void> {
  await page.waitForURL((url) => (typeof path === "string" ? url.pathname === path : path.test(url.pathname)));
}

/** The dialog whose title is given, once it is visible. */
export async function dialog(page: Page, title: string) {
  const locator = page.getByRole("alertdialog", { name: title }).or(page.getByRole("dialog", { name: title }));
  await locator.waitFor();
  return locator;
}

let counter = 0;
/** A username and e-mail no other test uses. */
export function uniqueUser(prefix: string) {
  counter += 1;
  const tag = `${prefix}${Date.now().toString(36)}${counter}`;
  return { username: tag, email: `${tag}@example.com`, password: "Bunga2025" };
}

export function assertNoProblems(shop: ShopPage): void {
  if (shop.problems.length > 0) throw new Error(`The browser reported problems:\n${shop.problems.join("\n")}`);
}
