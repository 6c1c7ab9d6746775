import type { Customization } from "@florist/contract";
import { describe, expect, it } from "vitest";
import { loginAsAdmin, rupiahValue } from "./admin-helpers";
import { screenshot, VIEWPORTS } from "./support/browser";
import { shopSuite } from "./support/suite";
import { clickNav, dialog, waitForPath } from "./support/ui";

const JOURNEY = "admin-addons";

const suite = shopSuite();

describe.each(VIEWPORTS)("an admin running the add-ons at $width px", (viewport) => {
  it("adds an add-on, is told when a name is taken, edits its price and deletes it after confirming", async () => {
    await suite.journey(viewport, JOURNEY, async (tab) => {
      const { page } = tab;
      const name = `Pressed Flower Card ${viewport.width}`;

      await loginAsAdmin(page);
      await clickNav(page, "Add-ons");
      await waitForPath(page, "/admin/add-ons");
      const list = page.getByRole("region", { name: "Add-ons on offer" });
      const card = list.getByRole("listitem", { name: "Greeting Card" });
      await card.waitFor();
      expect(rupiahValue(await card.locator(".addon-price").textContent())).toBe(15000);
      await screenshot(tab, JOURNEY, "01-list");

      const form = page.getByRole("region", { name: "New add-on" });
      tab.expectFailure({ status: 400, path: "/api/customization" });
      await form.getByRole("button", { name: "Add add-on" }).click();
      await form.getByText("Name is required.").waitFor();
      await form.getByLabel("Name").fill("greeting card");
      await form.getByLabel("Price (IDR)").fill("20000");
      tab.expectFailure({ status: 409, path: "/api/customization" });
      await form.getByRole("button", { name: "Add add-on" }).click();
      await form.getByText('An add-on named "Greeting Card" already exists.').waitFor();
      await screenshot(tab, JOURNEY, "02-name-taken");

      await form.getByLabel("Name").fill(name);
      await form.getByRole("button", { name: "Add add-on" }).click();
      await page.getByText(`${name} was added.`).waitFor();
      const row = list.getByRole("listitem", { name });
      expect(rupiahValue(await row.locator(".addon-price").textContent())).toBe(20000);

      await row.getByRole("button", { name: `Edit ${name}` }).click();
      const editing = list.getByRole("listitem", { name: `Editing ${name}` });
      await editing.getByLabel("Price (IDR)").fill("22500");
      await screenshot(tab, JOURNEY, "03-editing");
      await editing.getByRole("button", { name: "Save" }).click();
      await page.getByText(`${name} was saved. Orders already placed keep their price.`).waitFor();
      await expect.poll(async () => rupiahValue(await row.locator(".addon-price").textContent())).toBe(22500);
      const offered = (await (await page.request.get("/api/customization")).json()) as Customization[];
      expect(offered.find((c) => c.name === name)?.price).toBe(22500);

      await row.getByRole("button", { name: `Delete ${name}` }).click();
      const confirm = await dialog(page, `Delete ${name}`);
      await screenshot(tab, JOURNEY, "04-confirm-delete");
      await confirm.getByRole("button", { name: "Delete" }).click();
      await page.getByText(`${name} was deleted. Orders that had it still show it.`).waitFor();
      await row.waitFor({ state: "detached" });
      await screenshot(tab, JOURNEY, "05-deleted");
    });
  });
});
