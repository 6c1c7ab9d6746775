import type { Customization } from "@florist/contract";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { adminSession, renderAdmin } from "../../../../test/admin-render";
import { fakeApi } from "../../../../test/fake-api";
import { rupiah, shownText } from "../../../../test/render-app";
import AdminAddOnsPage from "./add-ons";

/** A shop whose add-on list follows what the screen adds, edits and deletes; names are unique ignoring case. */
function addOnsApi(start: Customization[]) {
  let list = [...start];
  let nextId = 100;
  const taken = (name: string, exceptId?: number) =>
    list.some((c) => c.name.toLowerCase() === name.toLowerCase() && c.customization_id !== exceptId);
  const routes: Parameters<typeof fakeApi>[0] = {
    "GET /api/users/session": adminSession,
    "GET /api/customization": () => ({ body: list }),
    "POST /api/customization": ({ body }) => {
      const sent = body as { name: string; price?: string };
      if (sent.name.trim() === "") return { status: 400, body: { message: "Name is required." } };
      const input = { name: sent.name.trim(), price: Number(sent.price) };
      if (!Number.isInteger(input.price))
        return { status: 400, body: { message: "Price must be a whole number of rupiah." } };
      if (taken(input.name))
        return { status: 409, body: { message: `An add-on named "${input.name}" already exists.` } };
      const created = { customization_id: nextId++, ...input };
      list = [...list, created];
      return { status: 201, body: created };
    },
  };
  for (const addOn of start) {
    routes[`PUT /api/customization/${addOn.customization_id}`] = ({ body }) => {
      const sent = body as { name: string; price: string };
      const updated = { customization_id: addOn.customization_id, name: sent.name, price: Number(sent.price) };
      list = list.map((c) => (c.customization_id === addOn.customization_id ? updated : c));
      return { body: updated };
    };
    routes[`DELETE /api/customization/${addOn.customization_id}`] = () => {
      list = list.filter((c) => c.customization_id !== addOn.customization_id);
      return { status: 204 };
    };
  }
  return fakeApi(routes);
}

const CARD: Customization = { customization_id: 1, name: "Greeting Card", price: 15000 };
const BEAR: Customization = { customization_id: 2, name: "Teddy Bear", price: 85000 };

async function listRows() {
  const list = await screen.findByRole("region", { name: "Add-ons on offer" });
  return within(list).findAllByRole("listitem");
}

describe("the add-ons screen", () => {
  it("lists every add-on with its price in rupiah", async () => {
    addOnsApi([CARD, BEAR]);
    renderAdmin(<AdminAddOnsPage />);
    const rows = await listRows();
    expect(rows.map(shownText)).toEqual([
      expect.stringContaining(`Greeting Card${rupiah(15000)}`),
      expect.stringContaining(`Teddy Bear${rupiah(85000)}`),
    ]);
  });

  it("adds an add-on, and shows the server's message when the name is taken", async () => {
    const api = addOnsApi([CARD]);
    const { user } = renderAdmin(<AdminAddOnsPage />);
    const form = await screen.findByRole("region", { name: "New add-on" });

    await user.type(within(form).getByLabelText("Name"), "greeting card");
    await user.type(within(form).getByLabelText("Price (IDR)"), "20000");
    await user.click(within(form).getByRole("button", { name: "Add add-on" }));
    expect((await within(form).findByRole("alert")).textContent).toBe(
      'An add-on named "greeting card" already exists.',
    );

    await user.clear(within(form).getByLabelText("Name"));
    await user.type(within(form).getByLabelText("Name"), "Silk Ribbon");
    await user.click(within(form).getByRole("button", { name: "Add add-on" }));
    expect((await screen.findByRole("status")).textContent).toBe("Silk Ribbon was added.");
    await waitFor(async () =>
      expect((await listRows()).map(shownText)).toContainEqual(`Silk Ribbon${rupiah(20000)}EditDelete`),
    );
    expect(api.callsTo("POST /api/customization").at(-1)?.body).toEqual({ name: "Silk Ribbon", price: "20000" });
    expect((within(form).getByLabelText("Name") as HTMLInputElement).value).toBe("");
  });

  it("shows the server's message when it refuses a blank name or a price that is no whole rupiah", async () => {
    const api = addOnsApi([]);
    const { user } = renderAdmin(<AdminAddOnsPage />);
    const form = await screen.findByRole("region", { name: "New add-on" });
    await user.click(within(form).getByRole("button", { name: "Add add-on" }));
    expect((await within(form).findByRole("alert")).textContent).toBe("Name is required.");
    await user.type(within(form).getByLabelText("Name"), "Vase");
    await user.type(within(form).getByLabelText("Price (IDR)"), "12.5");
    await user.click(within(form).getByRole("button", { name: "Add add-on" }));
    expect((await within(form).findByRole("alert")).textContent).toBe("Price must be a whole number of rupiah.");
    expect(api.callsTo("POST /api/customization").map((call) => call.body)).toEqual([
      { name: "" },
      { name: "Vase", price: "12.5" },
    ]);
  });

  it("edits an add-on's name and price in its row", async () => {
    const api = addOnsApi([CARD]);
    const { user } = renderAdmin(<AdminAddOnsPage />);
    await user.click(await screen.findByRole("button", { name: "Edit Greeting Card" }));
    const editing = screen.getByRole("listitem", { name: "Editing Greeting Card" });
    const price = within(editing).getByLabelText("Price (IDR)");
    await user.clear(price);
    await user.type(price, "17500");
    await user.click(within(editing).getByRole("button", { name: "Save" }));
    expect((await screen.findByRole("status")).textContent).toBe(
      "Greeting Card was saved. Orders already placed keep their price.",
    );
    expect(api.callsTo("PUT /api/customization/1")[0]?.body).toEqual({ name: "Greeting Card", price: "17500" });
    await waitFor(async () =>
      expect((await listRows()).map(shownText)).toEqual([`Greeting Card${rupiah(17500)}EditDelete`]),
    );
  });

  it("deletes an add-on only after the admin confirms", async () => {
    const api = addOnsApi([CARD, BEAR]);
    const { user } = renderAdmin(<AdminAddOnsPage />);
    await user.click(await screen.findByRole("button", { name: "Delete Teddy Bear" }));
    const confirm = screen.getByRole("alertdialog", { name: "Delete Teddy Bear" });
    expect(shownText(confirm)).toContain("If orders already have it, they keep showing it");
    await user.click(within(confirm).getByRole("button", { name: "Cancel" }));
    expect(api.callsTo("DELETE /api/customization/2")).toEqual([]);

    await user.click(screen.getByRole("button", { name: "Delete Teddy Bear" }));
    await user.click(within(screen.getByRole("alertdialog")).getByRole("button", { name: "Delete" }));
    expect((await screen.findByRole("status")).textContent).toBe(
      "Teddy Bear was deleted. Orders that had it still show it.",
    );
    await waitFor(async () => expect((await listRows()).length).toBe(1));
  });
});
