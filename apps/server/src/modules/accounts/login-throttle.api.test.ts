import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  closeShop,
  createUser,
  openShopOnClock,
  PASSWORD,
  runningClock,
  type TestShop,
} from "../../../test/harness.js";
import { buildApp } from "../../app.js";
import { openDatabase } from "../../db/connection.js";
import { MINUTE } from "../../lib/time.js";

let shop: TestShop;
// The throttle's waits pass by moving the shop's clock, never by sleeping.
const clock = runningClock();
beforeAll(async () => {
  shop = await openShopOnClock(clock.now);
});
afterAll(() => closeShop(shop));

function loginFrom(remoteAddress: string, identifier: string, password: string) {
  return shop.app.inject({ method: "POST", url: "/api/users/login", payload: { identifier, password }, remoteAddress });
}

function retryAfter(res: LightMyRequestResponse): number {
  const header = res.headers["retry-after"];
  expect(header, res.body).toMatch(/^[1-9][0-9]*$/);
  return Number(header);
}

describe("a burst of guesses at one account", () => {
  it("lets at most five of 300 concurrent guesses reach a password check, and the right password sent last does not log in", async () => {
    const user = await createUser(shop);
    // Every form of the account's name counts as the same account.
    const forms = [user.username, user.email, user.username.toUpperCase(), user.email.toUpperCase()];
    const guesses = Array.from({ length: 299 }, (_, i) => ({
      identifier: forms[i % forms.length],
      password: `Wrong${i}A`,
    }));
    const answers = await Promise.all(
      [...guesses, { identifier: user.username, password: PASSWORD }].map(({ identifier, password }) =>
        loginFrom("203.0.113.50", identifier as string, password),
      ),
    );
    const statuses = answers.map((a) => a.statusCode);
    // A 401 only ever follows a password check, so counting them counts the checks.
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 200)).toEqual([]);
    expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
    expect(statuses.at(-1)).toBe(429);
    for (const answer of answers.filter((a) => a.statusCode === 429)) {
      expect(retryAfter(answer)).toBeGreaterThan(0);
      expect(answer.json().message).toMatch(/^Too many failed login attempts\. Please wait \d+ (minutes|seconds?)/);
    }
    const last = answers.at(-1) as LightMyRequestResponse;
    expect(last.json().message).toBe("Too many failed login attempts. Please wait 15 minutes and try again.");
    expect(retryAfter(last)).toBeGreaterThan(14 * 60);
    expect(retryAfter(last)).toBeLessThanOrEqual(15 * 60);
  });
});

describe("two servers on one database", () => {
  it("share one count: 100 concurrent guesses split between them get at most five password checks", async () => {
    // A second app with its own connection to the same database, as a second process would have.
    const { db, dialect } = openDatabase(shop.ctx.config.databaseUrl);
    const second = await buildApp({ ...shop.ctx, db, dialect });
    try {
      const user = await createUser(shop);
      const answers = await Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          (i % 2 ? second : shop.app).inject({
            method: "POST",
            url: "/api/users/login",
            payload: { identifier: i % 4 < 2 ? user.username : user.email, password: `Wrong${i}A` },
            remoteAddress: "203.0.113.55",
          }),
        ),
      );
      const statuses = answers.map((a) => a.statusCode);
      expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
      expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
    } finally {
      await second.close();
      await db.destroy();
    }
  });
});

describe("the failed-login count", () => {
  it("is one for the username and the e-mail of an account", async () => {
    const user = await createUser(shop);
    for (const identifier of [user.username, user.email, user.username, user.email.toUpperCase(), user.username]) {
      expect((await loginFrom("203.0.113.60", identifier, "Wrong12345")).statusCode).toBe(401);
    }
    const byEmail = await loginFrom("203.0.113.60", user.email, PASSWORD);
    expect(byEmail.statusCode).toBe(429);
    expect(retryAfter(byEmail)).toBe(900);
  });

  it("is cleared for the account at an address by a successful login there", async () => {
    const user = await createUser(shop);
    for (let i = 0; i < 4; i++) {
      expect((await loginFrom("203.0.113.61", user.username, "Wrong12345")).statusCode).toBe(401);
    }
    expect((await loginFrom("203.0.113.61", user.username, PASSWORD)).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) {
      expect((await loginFrom("203.0.113.61", user.username, "Wrong12345")).statusCode).toBe(401);
    }
    expect((await loginFrom("203.0.113.61", user.username, PASSWORD)).statusCode).toBe(429);
  });
});

describe("failures from other addresses", () => {
  /** Wrong guesses at the account from a new address each time, waiting as the shop says, as a patient attacker would. */
  async function guessFromElsewhere(identifier: string, count: number) {
    let waits = 0;
    for (let i = 0; i < count; ) {
      const res = await loginFrom(`198.18.${Math.floor(i / 250)}.${(i % 250) + 1}`, identifier, "Wrong12345");
      if (res.statusCode === 429) {
        const seconds = retryAfter(res);
        expect(seconds).toBeLessThanOrEqual(30);
        clock.advance(seconds * 1000);
        waits += 1;
      } else {
        expect(res.statusCode).toBe(401);
        i += 1;
      }
    }
    return waits;
  }

  it("only slow the account down, by at most 30 seconds, and never lock its owner out", async () => {
    const user = await createUser(shop);
    const waits = await guessFromElsewhere(user.username, 20);
    expect(waits).toBeGreaterThan(0);

    const slowed = await loginFrom("192.0.2.70", user.username, PASSWORD);
    expect(slowed.statusCode).toBe(429);
    const seconds = retryAfter(slowed);
    expect(seconds).toBeLessThanOrEqual(30);
    expect(slowed.json().message).toBe(`Too many failed login attempts. Please wait ${seconds} seconds and try again.`);
    clock.advance(seconds * 1000);
    expect((await loginFrom("192.0.2.70", user.username, PASSWORD)).statusCode).toBe(200);
  });

  it("do not slow down an address the owner has logged in from", async () => {
    const user = await createUser(shop);
    expect((await loginFrom("192.0.2.71", user.username, PASSWORD)).statusCode).toBe(200);
    await guessFromElsewhere(user.email, 15);
    expect((await loginFrom("192.0.2.72", user.username, PASSWORD)).statusCode).toBe(429);
    expect((await loginFrom("192.0.2.71", user.username, PASSWORD)).statusCode).toBe(200);
  });
});

describe("old attempts", () => {
  it("are deleted as new attempts are written", async () => {
    const user = await createUser(shop);
    await loginFrom("203.0.113.80", user.username, "Wrong12345");
    await loginFrom("203.0.113.80", "no-such-customer", "Wrong12345");
    const rows = () =>
      shop.ctx.db
        .selectFrom("throttles")
        .select("throttle_key")
        .where("throttle_key", "like", "%203.0.113.80%")
        .execute();
    expect((await rows()).length).toBeGreaterThan(0);
    clock.advance(16 * MINUTE);
    await loginFrom("203.0.113.81", "someone-else", "Wrong12345");
    expect(await rows()).toEqual([]);
    const account = await shop.ctx.db
      .selectFrom("throttles")
      .select("throttle_key")
      .where("throttle_key", "=", `user:${user.user_id}`)
      .execute();
    expect(account).toEqual([]);
  });
});
