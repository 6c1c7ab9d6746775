import type { CatalogCategory, Occasion, Product } from "@florist/contract";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { loginAsAdmin } from "./admin-helpers";
import { seriousViolations } from "./support/axe";
import { screenshot, VIEWPORTS } from "./support/browser";
import { shopSuite } from "./support/suite";
import { clickNav, dialog, waitForPath } from "./support/ui";

const JOURNEY = "admin-occasions";
const suite = shopSuite();

async function savedOccasions(page: Page): Promise<Occasion[]> {
  return (await page.request.get("/api/occasions")).json();
}

function shownNames(page: Page) {
  return page
    .getByRole("region", { name: "All occasions" })
    .getByRole("listitem")
    .evaluateAll((rows) => rows.map((row) => row.getAttribute("aria-label")));
}

describe.each(VIEWPORTS)("an admin running the occasions at $width px", (viewport) => {
  it("adds, renames and deletes an occasion, tags a product with it, and shoppers then find the product by it", async () => {
    await suite.journey(viewport, JOURNEY, async (tab) => {
      const { page } = tab;
      const name = `Mother's Day ${viewport.width}`;
      const renamed = `Mothers' Day ${viewport.width}`;

      await loginAsAdmin(page);
      await clickNav(page, "Occasions");
      await waitForPath(page, "/admin/occasions");
      const list = page.getByRole("region", { name: "All occasions" });
      await list.getByRole("listitem", { name: "Birthday" }).waitFor();
      expect(await shownNames(page)).toEqual((await savedOccasions(page)).map((o) => o.name));
      await screenshot(tab, JOURNEY, "01-list");
      expect(await seriousViolations(page), "axe on /admin/occasions").toEqual([]);

      const form = page.getByRole("region", { name: "New occasion" });
      await form.getByLabel("Name of the new occasion").fill(" birthday ");
      tab.expectFailure({ status: 409, path: "/api/occasions" });
      await form.getByRole("button", { name: "Add occasion" }).click();
      await form.getByRole("alert").waitFor();
      await form.getByLabel("Name of the new occasion").fill(name);
      await form.getByRole("button", { name: "Add occasion" }).click();
      await page.getByText(`${name} was added to the occasions.`).waitFor();
      await list.getByRole("listitem", { name }).waitFor();

      await list.getByRole("button", { name: `Rename ${name}` }).click();
      await list.getByLabel(`New name for ${name}`).fill(renamed);
      await screenshot(tab, JOURNEY, "02-renaming");
      await list.getByRole("button", { name: "Save" }).click();
      await page.getByText(`The occasion is now called ${renamed}.`).waitFor();
      const occasion = (await savedOccasions(page)).find((o) => o.name === renamed) as Occasion;
      expect(occasion.productCount).toBe(0);

      // Tag a product with it in the product form.
      const products = (await (await page.request.get("/api/products")).json()) as Product[];
      const product = products.find((p) => p.name === "Blue Hydrangea Vase") as Product;
      await clickNav(page, "Manage Products");
      await waitForPath(page, "/admin/products");
      const row = page.locator(".products-table tbody tr", { hasText: product.name });
      await row.waitFor();
      await row.getByRole("button", { name: "Edit", exact: true }).click();
      const edit = await dialog(page, "Edit Product");
      const tags = edit.getByRole("group", { name: "Occasions" });
      await tags.getByRole("checkbox", { name: renamed }).check();
      expect(await tags.getByRole("checkbox", { name: "Birthday" }).isChecked()).toBe(true);
      await tags.scrollIntoViewIfNeeded();
      await screenshot(tab, JOURNEY, "03-tagging");
      await edit.getByRole("button", { name: "Save Changes" }).click();
      await page.getByText("Product updated successfully.").waitFor();
      const saved = (await (await page.request.get(`/api/products/${product.productId}`)).json()) as Product;
      expect(saved.occasionIds).toContain(occasion.occasionId);

      // Shoppers find it: the home page's card, the catalogue filtered by it, the search by it.
      await page.goto("/");
      const home = page.getByRole("region", { name: "Flowers for every moment" });
      await home.getByRole("link", { name: renamed }).click();
      await page.waitForURL((url) => url.pathname === "/katalog" && url.search === `?occasion=${occasion.occasionId}`);
      await page.locator(".product-card", { hasText: product.name }).waitFor();
      expect(await page.locator(".product-card").count()).toBe(1);
      const catalogue = (await (
        await page.request.get(`/api/catalog?occasion=${occasion.occasionId}`)
      ).json()) as CatalogCategory[];
      expect(catalogue.flatMap((c) => c.products.map((p) => p.name))).toEqual([product.name]);
      await page.goto(`/cari?occasion=${occasion.occasionId}`);
      await page.locator(".product-card", { hasText: product.name }).waitFor();
      expect(await page.getByLabel("Occasion").inputValue()).toBe(String(occasion.occasionId));

      // Deleting the occasion untags the product, which stays on sale.
      await page.goto("/admin/occasions");
      await list.getByRole("button", { name: `Delete ${renamed}` }).click();
      const confirm = await dialog(page, `Delete ${renamed}`);
      await screenshot(tab, JOURNEY, "04-confirm-delete");
      await confirm.getByRole("button", { name: "Delete" }).click();
      await page.getByText(`${renamed} was deleted.`).waitFor();
      expect((await savedOccasions(page)).map((o) => o.name)).not.toContain(renamed);
      const after = (await (await page.request.get(`/api/products/${product.productId}`)).json()) as Product;
      expect(after.occasionIds).not.toContain(occasion.occasionId);
    });
  });
});
