import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../../test/harness.js";
import { seed } from "./seed.js";

describe("a new shop with the demo catalogue", () => {
  let shop: TestShop;
  const log: string[] = [];
  beforeAll(async () => {
    shop = await createTestShop({ seedDemo: true });
    await seed(shop.ctx.db, shop.ctx.config, (line) => log.push(line));
  });
  afterAll(() => shop.close());

  it("prints the admin's random password once, and that password logs in", async () => {
    const line = log.find((l) => l.includes("with the password:"));
    const password = line?.split("with the password: ")[1];
    expect(password).toMatch(/^\S{12,}$/);
    const res = await shop.app.inject({
      method: "POST",
      url: "/api/users/login",
      payload: { identifier: "admin", password },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.role).toBe("admin");
  });

  it("shows at least 12 products in all four categories, some of them out of stock", async () => {
    const catalog = (await shop.app.inject({ method: "GET", url: "/api/catalog" })).json();
    expect(catalog.map((c: { name: string }) => c.name)).toEqual(["Bouquets", "Baskets", "Vases", "Box"]);
    const products = catalog.flatMap((c: { products: unknown[] }) => c.products);
    expect(products.length).toBeGreaterThanOrEqual(12);
    expect(products.some((p: { availabilityStatus: string }) => p.availabilityStatus === "out_of_stock")).toBe(true);
    const detail = (await shop.app.inject({ method: "GET", url: "/api/products" })).json();
    expect(detail.every((p: { sizeOptions: string[] }) => p.sizeOptions.length > 0)).toBe(true);
    expect(detail.some((p: { colorOptions: string[] }) => p.colorOptions.some((c) => /::#[0-9a-f]{6}$/i.test(c)))).toBe(
      true,
    );
  });

  it("tags the demo products with the seven occasions, each holding some of them", async () => {
    const occasions = (await shop.app.inject({ method: "GET", url: "/api/occasions" })).json();
    expect(occasions.map((o: { name: string }) => o.name)).toEqual([
      "Birthday",
      "Anniversary",
      "Wedding",
      "Graduation",
      "Get Well",
      "Sympathy",
      "Congratulations",
    ]);
    expect(occasions.every((o: { productCount: number }) => o.productCount > 0)).toBe(true);
    const found = (await shop.app.inject({ method: "GET", url: "/api/search?q=sympathy" })).json();
    expect(found.products.map((p: { name: string }) => p.name)).toContain("White Lily Sympathy Basket");
  });

  it("serves every product image from the shop itself as WebP", async () => {
    const products = (await shop.app.inject({ method: "GET", url: "/api/products" })).json();
    const urls: string[] = products.flatMap((p: { imageUrl: string; images: { image_url: string }[] }) => [
      p.imageUrl,
      ...p.images.map((i) => i.image_url),
    ]);
    expect(urls.length).toBeGreaterThan(12);
    for (const url of urls) {
      expect(url).toMatch(/^\/uploads\/products\/[a-f0-9]{32}\.webp$/);
      const res = await shop.app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["content-type"]).toBe("image/webp");
      expect((await sharp(res.rawPayload).metadata()).width).toBe(1200);
      for (const [copy, width] of [
        ["-thumb", 320],
        ["-card", 480],
        ["-phone", 840],
      ] as const) {
        const copied = await shop.app.inject({ method: "GET", url: url.replace(".webp", `${copy}.webp`) });
        expect((await sharp(copied.rawPayload).metadata()).width).toBe(width);
      }
    }
  });

  it("has a BCA and a Mandiri account in the shop's name to transfer to, and a day to pay", async () => {
    const payment = (await shop.app.inject({ method: "GET", url: "/api/settings/payment" })).json();
    expect(payment.paymentWindowMinutes).toBe(1440);
    expect(payment.bankAccounts.map((a: { bank: string }) => a.bank)).toEqual(["BCA", "Mandiri"]);
    for (const account of payment.bankAccounts) {
      expect(account).toMatchObject({
        accountName: "Bandung Florist",
        accountNumber: expect.stringMatching(/^\d[\d ]+$/),
      });
    }
  });

  it("has the three articles the home page features, written in Markdown, with their sections and cover text", async () => {
    const posts = (await shop.app.inject({ method: "GET", url: "/api/posts" })).json();
    expect(posts.map((p: { title: string; featured: boolean }) => [p.title, p.featured])).toEqual([
      ["What Flower Colours Mean", true],
      ["How to Keep Your Flowers Fresh Longer", true],
      ["Choosing Wedding Flowers That Last All Day", true],
    ]);
    const care = (await shop.app.inject({ method: "GET", url: `/api/posts/${posts[1].postId}` })).json();
    expect(care.body).toMatch(/^## The first hour matters\n/);
    expect(care.imageAlt).not.toBe("");
    expect(care.sections).toEqual([
      {
        heading: "The first hour matters",
        paragraphs: [
          "Flowers are thirsty after the trip. Give them fresh water as soon as they arrive and they will thank you.",
        ],
        bullets: [
          "Cut 2 cm off each stem at an angle with a sharp knife.",
          "Remove leaves that would sit below the water line.",
          "Use a clean vase and room-temperature water.",
        ],
      },
      {
        heading: "Every day after",
        paragraphs: [
          "Change the water every two days, keep the vase away from direct sun and ripening fruit, and trim the stems again when the water turns cloudy.",
        ],
      },
    ]);
  });

  it("does not seed again on the next start, even after the admin removed products", async () => {
    await shop.ctx.db.deleteFrom("product_images").execute();
    await shop.ctx.db.deleteFrom("products").execute();
    await seed(shop.ctx.db, shop.ctx.config, () => {});
    expect((await shop.app.inject({ method: "GET", url: "/api/products" })).json()).toEqual([]);
    const admins = await shop.ctx.db.selectFrom("users").select("user_id").where("role", "=", "admin").execute();
    expect(admins).toHaveLength(1);
  });
});

describe("a new shop with SEED_DEMO=0", () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop({
      seedDemo: false,
      admin: { username: "owner", email: "owner@example.com", password: "Kembang2026" },
    });
    await seed(shop.ctx.db, shop.ctx.config, () => {});
  });
  afterAll(() => shop.close());

  it("has categories, customizations, the delivery fee and the configured admin, but no products, posts or bank accounts", async () => {
    const categories = (await shop.app.inject({ method: "GET", url: "/api/category" })).json();
    expect(categories.map((c: { name: string }) => c.name).sort()).toEqual(["Baskets", "Bouquets", "Box", "Vases"]);
    const customizations = (await shop.app.inject({ method: "GET", url: "/api/customization" })).json();
    expect(customizations.length).toBeGreaterThanOrEqual(4);
    expect(customizations.every((c: { price: number }) => c.price > 0)).toBe(true);
    expect((await shop.app.inject({ method: "GET", url: "/api/settings/delivery-fee" })).json()).toEqual({
      deliveryFee: 50000,
    });
    expect((await shop.app.inject({ method: "GET", url: "/api/products" })).json()).toEqual([]);
    expect((await shop.app.inject({ method: "GET", url: "/api/posts" })).json()).toEqual([]);
    expect((await shop.app.inject({ method: "GET", url: "/api/settings/payment" })).json()).toEqual({
      bankAccounts: [],
      paymentWindowMinutes: 1440,
    });
    const login = await shop.app.inject({
      method: "POST",
      url: "/api/users/login",
      payload: { identifier: "owner@example.com", password: "Kembang2026" },
    });
    expect(login.json().user).toMatchObject({ username: "owner", role: "admin" });
  });

  it("has the shop's delivery slots and the 30 kecamatan, set up once: switched off, they stay off on the next start", async () => {
    const schedule = (await shop.app.inject({ method: "GET", url: "/api/delivery/schedule" })).json();
    expect(schedule.slots.map((s: { label: string }) => s.label)).toEqual(["Morning", "Midday", "Afternoon"]);
    expect(schedule.zones).toHaveLength(30);
    await shop.ctx.db.updateTable("delivery_slots").set({ active: 0 }).execute();
    await seed(shop.ctx.db, shop.ctx.config, () => {});
    const again = (await shop.app.inject({ method: "GET", url: "/api/delivery/schedule" })).json();
    expect(again.slots).toEqual([]);
    expect(await shop.ctx.db.selectFrom("delivery_slots").select("slot_id").execute()).toHaveLength(3);
    expect(await shop.ctx.db.selectFrom("delivery_zones").select("zone_id").execute()).toHaveLength(30);
  });
});
