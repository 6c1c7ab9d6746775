import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { afterEach, describe, expect, it } from "vitest";
import { fakeApi, setSessionHint } from "../../test/fake-api";
import { cartQuery } from "./cart";

const emptyCart = { cartId: 3, items: [] };

describe("the cart query", () => {
  let client: QueryClient | undefined;
  afterEach(() => client?.clear());

  it("asks nothing more once the session has ended, even from options taken while it was live", async () => {
    const api = fakeApi({
      "POST /api/cart/user/7/ensure": { body: { cartId: 3 } },
      "GET /api/cart/user/7/full": { body: emptyCart },
    });
    client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const observer = new QueryObserver(client, cartQuery(7));
    const unsubscribe = observer.subscribe(() => undefined);
    await expect.poll(() => api.callsTo("GET /api/cart/user/7/full")).toHaveLength(1);

    // Logging out: the answer clears the hint, then the cache is emptied. A screen that rendered just
    // before still hands its old options to its observer after that (Preact runs effects after paint).
    setSessionHint(false);
    client.removeQueries();
    observer.setOptions(cartQuery(7));
    await new Promise((resolve) => setTimeout(resolve, 50));

    expect(api.callsTo("POST /api/cart/user/7/ensure")).toHaveLength(1);
    unsubscribe();
  });
});
