import type { Category } from "@florist/contract";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { loginAsAdmin } from "./admin-helpers";
import { screenshot, VIEWPORTS } from "./support/browser";
import { shopSuite } from "./support/suite";
import { clickNav, dialog, waitForPath } from "./support/ui";

const JOURNEY = "admin-categories";

const suite = shopSuite();

/** The names of the category rows as the admin sees them, top first. */
function shownOrder(page: Page) {
  return page
    .getByRole("region", { name: "Catalogue order" })
    .getByRole("listitem")
    .evaluateAll((rows) => rows.map((row) => row.getAttribute("aria-label")));
}

async function saved(page: Page): Promise<Category[]> {
  return (await page.request.get("/api/category")).json();
}

async function savedOrder(page: Page): Promise<string[]> {
  return (await saved(page)).map((c) => c.name);
}

describe.each(VIEWPORTS)("an admin running the categories at $width px", (viewport) => {
  it("adds, renames and reorders categories, the catalogue's pills follow, and a used category is kept", async () => {
    await suite.journey(viewport, JOURNEY, async (tab) => {
      const { page } = tab;
      const name = `Peonies ${viewport.width}`;
      const renamed = `Garden Peonies ${viewport.width}`;

      await loginAsAdmin(page);
      await clickNav(page, "Categories");
      await waitForPath(page, "/admin/categories");
      const list = page.getByRole("region", { name: "Catalogue order" });
      await list.getByRole("listitem", { name: "Bouquets" }).waitFor();
      await screenshot(tab, JOURNEY, "01-list");

      const form = page.getByRole("region", { name: "New category" });
      await form.getByLabel("Name of the new category").fill(" bouquets ");
      tab.expectFailure({ status: 409, path: "/api/category" });
      await form.getByRole("button", { name: "Add category" }).click();
      await form.getByText('A category called "Bouquets" already exists.').waitFor();
      await form.getByLabel("Name of the new category").fill(name);
      await form.getByRole("button", { name: "Add category" }).click();
      await page.getByText(`${name} was added at the end of the catalogue.`).waitFor();
      await expect.poll(() => shownOrder(page)).toEqual(await savedOrder(page));
      expect((await shownOrder(page)).at(-1)).toBe(name);

      await list.getByRole("button", { name: `Rename ${name}` }).click();
      await list.getByLabel(`New name for ${name}`).fill(renamed);
      await screenshot(tab, JOURNEY, "02-renaming");
      await list.getByRole("button", { name: "Save" }).click();
      await page.getByText(`The category is now called ${renamed}.`).waitFor();
      await list.getByRole("listitem", { name: renamed }).waitFor();

      // Dragging the new category to the top saves the whole new order.
      const before = await shownOrder(page);
      await list.getByRole("listitem", { name: renamed }).dragTo(list.getByRole("listitem").first());
      await expect.poll(() => savedOrder(page)).toEqual([renamed, ...before.filter((n) => n !== renamed)]);

      // The arrows move the second category with products above the first; the pills follow.
      const catalogue = await (await page.request.get("/api/catalog")).json();
      const [first, second] = (catalogue as { name: string }[]).map((c) => c.name);
      // The new category has no products yet, so the first two with products sit side by side. The
      // list shows the drag's order once it has settled; the arrow swaps the two, on screen and saved.
      await expect.poll(() => shownOrder(page)).toEqual(await savedOrder(page));
      const swapped = (await shownOrder(page)).map((n) => (n === first ? second : n === second ? first : n));
      await list.getByRole("button", { name: `Move ${second} up` }).click();
      await expect.poll(() => shownOrder(page)).toEqual(swapped);
      await expect.poll(() => savedOrder(page)).toEqual(swapped);
      await screenshot(tab, JOURNEY, "03-reordered");
      await page.goto("/katalog");
      await page.locator(".product-card").first().waitFor();
      const pills = await page.locator(".category-pills .pill").allTextContents();
      expect(pills.slice(0, 3)).toEqual(["All", second, first]);

      // A category with products stays, and the admin is told why.
      await page.goto("/admin/categories");
      await list.getByRole("button", { name: "Delete Bouquets" }).click();
      const confirm = await dialog(page, "Delete Bouquets");
      await screenshot(tab, JOURNEY, "04-confirm-delete");
      const bouquets = (await saved(page)).find((c) => c.name === "Bouquets") as Category;
      tab.expectFailure({ status: 409, path: `/api/category/${bouquets.category_id}` });
      await confirm.getByRole("button", { name: "Delete" }).click();
      await page
        .getByRole("alert")
        .getByText(/^"Bouquets" still has \d+ products? \(archived ones included\)\./)
        .waitFor();
      await screenshot(tab, JOURNEY, "05-delete-refused");
      expect(await savedOrder(page)).toContain("Bouquets");

      await list.getByRole("button", { name: `Delete ${renamed}` }).click();
      await (await dialog(page, `Delete ${renamed}`)).getByRole("button", { name: "Delete" }).click();
      await page.getByText(`${renamed} was deleted.`).waitFor();
      expect(await savedOrder(page)).not.toContain(renamed);
    });
  });
});
