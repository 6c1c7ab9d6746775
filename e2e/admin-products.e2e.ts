import { describe, expect, it } from "vitest";
import { fileInput, loginAsAdmin, pngImage, rupiahValue } from "./admin-helpers";
import { screenshot, VIEWPORTS } from "./support/browser";
import { shopSuite } from "./support/suite";
import { assertNoProblems, clickNav, dialog, waitForPath } from "./support/ui";

const JOURNEY = "admin-products";

const suite = shopSuite();

describe.each(VIEWPORTS)("an admin managing products at $width px", (viewport) => {
  it("adds a product with two colours, two sizes and an image, edits it, sells it out and deletes it", async () => {
    await suite.journey(viewport, JOURNEY, async (tab) => {
      const { page } = tab;
      const name = `Lily Dream ${viewport.width}`;

      await loginAsAdmin(page);
      // Admins get their own navigation and their logo leads to the dashboard.
      expect(await page.locator(".navbar-logo").getAttribute("href")).toBe("/admin");
      await clickNav(page, "Manage Products");
      await waitForPath(page, "/admin/products");
      await page.getByText("Add, edit stock, and set product availability.").waitFor();
      await page.locator(".products-table tbody tr").first().waitFor();
      await screenshot(tab, JOURNEY, "01-list");

      // The add form refuses what the product rules refuse (docs/rules.md, Sizes and colours).
      await page.getByRole("button", { name: "Add Product" }).click();
      const add = await dialog(page, "Add New Product");
      await screenshot(tab, JOURNEY, "02-add-empty");
      await add.getByRole("button", { name: "Save Product" }).click();
      await add.getByText("Category is required.").waitFor();
      await add.getByLabel("Category").selectOption({ label: "Bouquets" });
      await add.getByLabel("Product Name").fill(`  ${name}  `);
      await add.getByRole("button", { name: "Save Product" }).click();
      await add.getByText("Price must be greater than 0.").waitFor();
      await add.getByLabel("Description").fill("White lilies with eucalyptus, wrapped in linen.");
      await add.getByLabel("Price", { exact: true }).fill("275000");
      await add.getByLabel("Stock").fill("6");
      await add.getByRole("button", { name: "Save Product" }).click();
      await add.getByText("Please add at least one color option.").waitFor();

      const big = Buffer.alloc(5 * 1024 * 1024 + 1);
      await add.getByLabel("Product Image").setInputFiles(fileInput("huge.png", big));
      await add.getByText("Image maximum size is 5 MB.").waitFor();
      expect(await add.getByLabel("Product Image").evaluate((input: HTMLInputElement) => input.files?.length)).toBe(0);
      await add.getByLabel("Product Image").setInputFiles(fileInput("lily.png", await pngImage("#f4efe6")));
      await add.getByRole("img", { name: "Product Image preview" }).waitFor();

      // Two colours: a preset swatch, and a custom shade with its own name and image.
      await add.getByLabel("Color 1 swatch").selectOption({ label: "Pink" });
      expect(await add.getByLabel("Color 1 name").inputValue()).toBe("Pink");
      await add.getByRole("button", { name: "Add Color" }).click();
      await add.getByLabel("Color 2 custom shade").fill("#336699");
      // A shade outside the presets shows as 'Custom Color' in the swatch select.
      expect(await add.getByLabel("Color 2 swatch").locator("option:checked").textContent()).toBe("Custom Color");
      await add.getByLabel("Color 2 name").fill("Ocean Blue");
      await add.getByLabel("Color 2 image").setInputFiles(fileInput("ocean.png", await pngImage("#336699")));
      await add.getByRole("button", { name: "Save Product" }).click();
      await add.getByText("Please add at least one size option.").waitFor();
      await add.getByLabel("Size 1", { exact: true }).fill("Small");
      await add.getByRole("button", { name: "Add Size" }).click();
      await add.getByLabel("Size 2", { exact: true }).fill(" Large ");
      await screenshot(tab, JOURNEY, "03-add-filled");
      await add.getByRole("button", { name: "Save Product" }).click();
      await page.getByText("Product added successfully.").waitFor();
      const row = page.locator(".products-table tbody tr", { hasText: name });
      await row.waitFor();
      expect(await row.getByText("Available", { exact: true }).count()).toBe(1);
      expect(rupiahValue(await row.locator("td[data-label='Price']").textContent())).toBe(275000);

      // It is in the storefront catalogue, with both sizes and both colours.
      await page.goto("/katalog");
      const card = page.locator(".product-card", { hasText: name });
      await card.waitFor();
      await card.getByRole("link").first().click();
      await waitForPath(page, /^\/produk\/\d+$/);
      await page.getByRole("heading", { level: 1, name }).waitFor();
      const productId = Number(new URL(page.url()).pathname.split("/").pop());
      const product = await (await page.request.get(`/api/products/${productId}`)).json();
      expect(product.sizeOptions).toEqual(["Small", "Large"]);
      expect(product.colorOptions).toEqual(["Pink::#f7c6d7", "Ocean Blue::#336699"]);
      expect(product.images.map((image: { color_name: string }) => image.color_name)).toEqual(["Ocean Blue"]);
      for (const option of ["Small", "Large", "Pink", "Ocean Blue"]) {
        await page.getByRole("radio", { name: option, exact: true }).waitFor({ state: "attached" });
      }

      // Edit: price and stock.
      await page.goto("/admin/products");
      await row.waitFor();
      await row.getByRole("button", { name: "Edit", exact: true }).click();
      const edit = await dialog(page, "Edit Product");
      expect(await page.evaluate(() => document.body.classList.contains("modal-open"))).toBe(true);
      expect(await edit.getByLabel("Product Name").inputValue()).toBe(name);
      await edit.getByText("Current cover image (or upload a new one).").waitFor();
      expect(await edit.getByLabel("Color 2 name").inputValue()).toBe("Ocean Blue");
      await edit.getByRole("img", { name: "Color 2 image preview" }).waitFor();
      await edit.getByLabel("Price", { exact: true }).fill("300000");
      await edit.getByLabel("Stock").fill("9");
      await screenshot(tab, JOURNEY, "04-edit");
      await edit.getByRole("button", { name: "Save Changes" }).click();
      await page.getByText("Product updated successfully.").waitFor();
      expect(await page.evaluate(() => document.body.classList.contains("modal-open"))).toBe(false);
      await page.waitForFunction(
        (productName) =>
          Array.from(document.querySelectorAll(".products-table tbody tr")).some(
            (tr) => tr.textContent?.includes(productName) && tr.textContent.replace(/\s/g, " ").includes("Rp 300.000"),
          ),
        name,
      );
      expect(await row.locator("td[data-label='Stock']").textContent()).toBe("9");

      // Unchecking 'Available' stops offering a colour; its image keeps it in the form, unchecked.
      await row.getByRole("button", { name: "Edit", exact: true }).click();
      const again = await dialog(page, "Edit Product");
      await again.locator(".color-row").nth(1).getByLabel("Available").uncheck();
      await again.getByRole("button", { name: "Save Changes" }).click();
      await page.getByText("Product updated successfully.").waitFor();
      const withOneColour = await (await page.request.get(`/api/products/${productId}`)).json();
      expect(withOneColour.colorOptions).toEqual(["Pink::#f7c6d7"]);
      expect(withOneColour.price).toBe(300000);
      await row.getByRole("button", { name: "Edit", exact: true }).click();
      const reopened = await dialog(page, "Edit Product");
      expect(await reopened.getByLabel("Color 2 name").inputValue()).toBe("Ocean Blue");
      expect(await reopened.locator(".color-row").nth(1).getByLabel("Available").isChecked()).toBe(false);
      await reopened.getByRole("button", { name: "Cancel" }).click();
      await reopened.waitFor({ state: "detached" });

      // Change Image replaces the cover from the row; an oversized file is refused before upload.
      const coverBefore = await row.locator(".product-thumb img").getAttribute("src");
      const [tooBig] = await Promise.all([
        page.waitForEvent("filechooser"),
        row.getByRole("button", { name: "Change Image" }).click(),
      ]);
      await tooBig.setFiles(fileInput("huge.png", Buffer.alloc(5 * 1024 * 1024 + 1)));
      await page.getByText("Image maximum size is 5 MB.").waitFor();
      const [chooser] = await Promise.all([
        page.waitForEvent("filechooser"),
        row.getByRole("button", { name: "Change Image" }).click(),
      ]);
      await chooser.setFiles(fileInput("new-cover.png", await pngImage("#a8535f")));
      await page.getByText("Product image updated.").waitFor();
      await page.waitForFunction(
        ([productName, before]) => {
          const tr = Array.from(document.querySelectorAll(".products-table tbody tr")).find((r) =>
            r.textContent?.includes(productName as string),
          );
          const src = tr?.querySelector(".product-thumb img")?.getAttribute("src");
          return !!src && src !== before;
        },
        [name, coverBefore],
      );

      // Out of stock: the row says so and the storefront stops selling it.
      await row.getByRole("button", { name: "Mark Out of Stock" }).click();
      await row.getByText("Out of Stock", { exact: true }).waitFor();
      await row.getByRole("button", { name: "Mark Available" }).waitFor();
      await screenshot(tab, JOURNEY, "05-out-of-stock");

      const visitor = await suite.openPage(viewport);
      await visitor.page.goto("/katalog");
      await visitor.page.locator(".product-card", { hasText: name }).getByText("Stok Habis").waitFor();
      await visitor.page.goto(`/produk/${productId}`);
      await visitor.page.getByText("This product is currently unavailable.").first().waitFor();
      expect(await visitor.page.getByRole("button", { name: "Add to Cart" }).isDisabled()).toBe(true);
      expect(await visitor.page.getByRole("button", { name: "Buy Now" }).isDisabled()).toBe(true);
      await visitor.close();
      assertNoProblems(visitor);

      // Delete, after the confirmation.
      await row.getByRole("button", { name: "Delete", exact: true }).click();
      const confirm = await dialog(page, `Delete ${name}`);
      await confirm.getByText("Delete this product?").waitFor();
      await screenshot(tab, JOURNEY, "06-delete-confirm");
      await confirm.getByRole("button", { name: "Delete", exact: true }).click();
      await row.waitFor({ state: "detached" });
      await page.goto("/katalog");
      await page.locator(".product-card").first().waitFor();
      expect(await page.locator(".product-card", { hasText: name }).count()).toBe(0);
    });
  });
});
