import type { Occasion, OccasionBody } from "@florist/contract";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { adminSession, renderAdmin } from "../../../../test/admin-render";
import { fakeApi } from "../../../../test/fake-api";
import AdminOccasionsPage from "./occasions";

/** A shop whose occasions follow what the screen does; names are unique however they are cased. */
function occasionsApi(names: string[]) {
  let list: Occasion[] = names.map((name, i) => ({ occasionId: i + 1, name, productCount: i }));
  const taken = (name: string, except?: number) =>
    list.some((o) => o.occasionId !== except && o.name.toLowerCase() === name.toLowerCase());
  const routes: Parameters<typeof fakeApi>[0] = {
    "GET /api/users/session": adminSession,
    "GET /api/occasions": () => ({ body: list }),
    "POST /api/occasions": ({ body }) => {
      const { name } = body as OccasionBody;
      if (taken(name)) return { status: 409, body: { message: `An occasion called "${name}" already exists.` } };
      const created = { occasionId: 100 + list.length, name, productCount: 0 };
      list = [...list, created];
      return { status: 201, body: created };
    },
  };
  for (const occasion of list) {
    routes[`PUT /api/occasions/${occasion.occasionId}`] = ({ body }) => {
      const { name } = body as OccasionBody;
      if (taken(name, occasion.occasionId))
        return { status: 409, body: { message: `An occasion called "${name}" already exists.` } };
      const renamed = { ...occasion, name };
      list = list.map((o) => (o.occasionId === occasion.occasionId ? renamed : o));
      return { body: renamed };
    };
    routes[`DELETE /api/occasions/${occasion.occasionId}`] = () => {
      list = list.filter((o) => o.occasionId !== occasion.occasionId);
      return { status: 204 };
    };
  }
  return fakeApi(routes);
}

async function shownNames() {
  const region = await screen.findByRole("region", { name: "All occasions" });
  return within(region)
    .getAllByRole("listitem")
    .map((row) => row.getAttribute("aria-label"));
}

describe("the occasions screen", () => {
  it("lists the occasions in the admin's order with how many products on sale carry each", async () => {
    occasionsApi(["Birthday", "Wedding", "Sympathy"]);
    renderAdmin(<AdminOccasionsPage />);
    const wedding = await screen.findByRole("listitem", { name: "Wedding" });
    expect(within(wedding).getByText("1 product on sale")).toBeTruthy();
    expect(within(screen.getByRole("listitem", { name: "Sympathy" })).getByText("2 products on sale")).toBeTruthy();
    expect(await shownNames()).toEqual(["Birthday", "Wedding", "Sympathy"]);
  });

  it("adds an occasion, checking the name first and showing the server's refusal of a taken one", async () => {
    const api = occasionsApi(["Birthday"]);
    const { user } = renderAdmin(<AdminOccasionsPage />);
    const form = await screen.findByRole("region", { name: "New occasion" });
    const name = within(form).getByLabelText("Name of the new occasion");

    await user.click(within(form).getByRole("button", { name: "Add occasion" }));
    expect((await within(form).findByRole("alert")).textContent).toBe("Name is required.");
    expect(api.callsTo("POST /api/occasions")).toEqual([]);

    await user.type(name, "birthday");
    await user.click(within(form).getByRole("button", { name: "Add occasion" }));
    expect((await within(form).findByRole("alert")).textContent).toBe('An occasion called "birthday" already exists.');

    await user.clear(name);
    await user.type(name, "  Mother's Day ");
    await user.click(within(form).getByRole("button", { name: "Add occasion" }));
    expect((await screen.findByRole("status")).textContent).toBe("Mother's Day was added to the occasions.");
    expect(api.callsTo("POST /api/occasions")[1]?.body).toEqual({ name: "Mother's Day" });
    await waitFor(async () => expect(await shownNames()).toEqual(["Birthday", "Mother's Day"]));
  });

  it("renames an occasion in its row, and Escape leaves it as it was", async () => {
    const api = occasionsApi(["Birthday", "Get Well"]);
    const { user } = renderAdmin(<AdminOccasionsPage />);
    await user.click(await screen.findByRole("button", { name: "Rename Get Well" }));
    await user.keyboard("{Escape}");
    expect(screen.queryByLabelText("New name for Get Well")).toBeNull();

    await user.click(screen.getByRole("button", { name: "Rename Get Well" }));
    const field = screen.getByLabelText("New name for Get Well");
    await user.clear(field);
    await user.type(field, "Get Well Soon");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect((await screen.findByRole("status")).textContent).toBe("The occasion is now called Get Well Soon.");
    expect(api.callsTo("PUT /api/occasions/2")[0]?.body).toEqual({ name: "Get Well Soon" });
    await waitFor(async () => expect(await shownNames()).toEqual(["Birthday", "Get Well Soon"]));
  });

  it("deletes only after the admin confirms", async () => {
    const api = occasionsApi(["Birthday", "Sympathy"]);
    const { user } = renderAdmin(<AdminOccasionsPage />);
    await user.click(await screen.findByRole("button", { name: "Delete Sympathy" }));
    const confirm = screen.getByRole("alertdialog", { name: "Delete Sympathy" });
    expect(within(confirm).getByText(/Its products stay on sale/)).toBeTruthy();
    await user.click(within(confirm).getByRole("button", { name: "Cancel" }));
    expect(api.callsTo("DELETE /api/occasions/2")).toEqual([]);

    await user.click(screen.getByRole("button", { name: "Delete Sympathy" }));
    await user.click(within(screen.getByRole("alertdialog")).getByRole("button", { name: "Delete" }));
    expect((await screen.findByRole("status")).textContent).toBe("Sympathy was deleted.");
    await waitFor(async () => expect(await shownNames()).toEqual(["Birthday"]));
  });
});
