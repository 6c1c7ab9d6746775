import fs from "node:fs/promises";
import net from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  closeShop,
  createTestShop,
  createUser,
  openShopOnClock,
  runningClock,
  type TestShop,
} from "../../../test/harness.js";
import type { Mail } from "../../lib/mailer.js";
import { hashToken, newToken } from "../../lib/secrets.js";
import { HOUR, isoIn, MINUTE, nowIso } from "../../lib/time.js";
import { backgroundSettled } from "./service.js";

let shop: TestShop;
const clock = runningClock();
beforeAll(async () => {
  shop = await openShopOnClock(clock.now);
});
afterAll(() => closeShop(shop));

function forgot(target: TestShop, email: string) {
  return target.app.inject({ method: "POST", url: "/api/users/forgotpassword", payload: { email } });
}

function reset(token: string, newPassword = "Anggrek2026") {
  return shop.app.inject({ method: "PATCH", url: `/api/users/resetpassword/${token}`, payload: { newPassword } });
}

/** The reset tokens mailed to an address, oldest first, once every mail started has gone out. */
async function mailedTokens(email: string): Promise<string[]> {
  await backgroundSettled();
  const outbox = path.join(shop.dataDir, "outbox");
  const names = (await fs.readdir(outbox).catch(() => [] as string[])).sort();
  const tokens: string[] = [];
  for (const name of names) {
    const mail = (await fs.readFile(path.join(outbox, name), "utf8")).replace(/=\r?\n/g, "");
    if (!mail.includes(`To: ${email}`)) continue;
    const token = /\/reset-password\/([A-Za-z0-9_-]+)/.exec(mail)?.[1];
    if (token) tokens.push(token);
  }
  return tokens;
}

/** A port on this machine that nothing listens on. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe("asking for a reset link", () => {
  it("answers the same for a known address, an unknown one and one whose mail cannot be sent", async () => {
    const user = await createUser(shop);
    const known = await forgot(shop, user.email);
    const unknown = await forgot(shop, "nobody-here@example.com");

    const unreachable = await createTestShop({ smtpUrl: `smtp://127.0.0.1:${await closedPort()}` });
    try {
      const stranded = await createUser(unreachable);
      const failing = await forgot(unreachable, stranded.email);
      await backgroundSettled();
      for (const res of [known, unknown, failing]) {
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ message: "Email reset password telah dikirim. Silakan periksa inbox Anda." });
      }
    } finally {
      await unreachable.close();
    }
    expect(await mailedTokens(user.email)).toHaveLength(1);
  });

  it("answers before the mail is sent, and a mailer that throws changes nothing for the caller", async () => {
    const user = await createUser(shop);
    const mailer = shop.ctx.mailer;
    // A mail server that takes the mail only when the test says so: a request that waited for it would never answer.
    let open = () => {};
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const sent: Mail[] = [];
    shop.ctx.mailer = {
      async send(mail) {
        sent.push(mail);
        await gate;
      },
    };
    try {
      const res = await forgot(shop, user.email);
      expect(res.statusCode).toBe(200);
      open();
      await backgroundSettled();
      expect(sent.map((m) => m.to)).toEqual([user.email]);

      shop.ctx.mailer = {
        send: async () => {
          throw new Error("connection refused");
        },
      };
      const other = await createUser(shop);
      const failing = await forgot(shop, other.email);
      await backgroundSettled();
      expect(failing.statusCode).toBe(200);
      expect(failing.json()).toEqual(res.json());
    } finally {
      shop.ctx.mailer = mailer;
    }
  });

  it("mails an account at most once in five minutes, answering every request the same", async () => {
    const user = await createUser(shop);
    const [first, second] = await Promise.all([forgot(shop, user.email), forgot(shop, user.email.toUpperCase())]);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(await mailedTokens(user.email)).toHaveLength(1);
    await forgot(shop, user.email);
    expect(await mailedTokens(user.email)).toHaveLength(1);
    clock.advance(5 * MINUTE + 1000);
    await forgot(shop, user.email);
    expect(await mailedTokens(user.email)).toHaveLength(2);
  });
});

describe("reset links", () => {
  it("end when a newer one is sent", async () => {
    const user = await createUser(shop);
    await forgot(shop, user.email);
    const [older] = await mailedTokens(user.email);
    clock.advance(5 * MINUTE + 1000);
    await forgot(shop, user.email);
    const [, newer] = await mailedTokens(user.email);
    const stale = await reset(older as string);
    expect(stale.statusCode).toBe(400);
    expect(stale.json().message).toBe("This reset link is invalid or has expired. Please request a new one.");
    expect((await reset(newer as string)).statusCode).toBe(200);
  });

  it("all end when one of them is used", async () => {
    const user = await createUser(shop);
    await forgot(shop, user.email);
    const [mailed] = await mailedTokens(user.email);
    // A second live link, as a link sent just before this change would be.
    const other = newToken();
    await shop.ctx.db
      .insertInto("password_resets")
      .values({ user_id: user.user_id, token_hash: hashToken(other), created_at: nowIso(), expires_at: isoIn(HOUR) })
      .execute();
    expect((await reset(mailed as string)).statusCode).toBe(200);
    expect((await reset(mailed as string, "Anggrek2027")).statusCode).toBe(400);
    expect((await reset(other, "Anggrek2027")).statusCode).toBe(400);
    const login = await shop.app.inject({
      method: "POST",
      url: "/api/users/login",
      payload: { identifier: user.username, password: "Anggrek2026" },
    });
    expect(login.statusCode).toBe(200);
  });

  it("let an owner locked out at their address log in there with the new password", async () => {
    const user = await createUser(shop);
    const from = (password: string) =>
      shop.app.inject({
        method: "POST",
        url: "/api/users/login",
        payload: { identifier: user.username, password },
        remoteAddress: "192.0.2.90",
      });
    for (let i = 0; i < 5; i++) expect((await from("Wrong12345")).statusCode).toBe(401);
    expect((await from("Wrong12345")).statusCode).toBe(429);
    await forgot(shop, user.email);
    const [token] = await mailedTokens(user.email);
    const changed = await shop.app.inject({
      method: "PATCH",
      url: `/api/users/resetpassword/${token}`,
      payload: { newPassword: "Anggrek2026" },
      remoteAddress: "192.0.2.90",
    });
    expect(changed.statusCode).toBe(200);
    expect((await from("Anggrek2026")).statusCode).toBe(200);
  });

  it("are deleted once expired, as new ones are written", async () => {
    const first = await createUser(shop);
    await forgot(shop, first.email);
    await backgroundSettled();
    const rowsOf = (userId: number) =>
      shop.ctx.db.selectFrom("password_resets").select("reset_id").where("user_id", "=", userId).execute();
    expect(await rowsOf(first.user_id)).toHaveLength(1);
    clock.advance(HOUR + 1000);
    const second = await createUser(shop);
    await forgot(shop, second.email);
    await backgroundSettled();
    expect(await rowsOf(first.user_id)).toEqual([]);
    expect(await rowsOf(second.user_id)).toHaveLength(1);
  });
});
