import { describe, expect, it } from "vitest";
import { retryTransient } from "./errors.js";

const deadlock = () => Object.assign(new Error("deadlock detected"), { code: "40P01" });

describe("retryTransient", () => {
  it("runs a transaction again after a deadlock and answers its result", async () => {
    let runs = 0;
    const result = await retryTransient(async () => {
      runs += 1;
      if (runs < 3) throw deadlock();
      return "order 7";
    });
    expect(result).toBe("order 7");
    expect(runs).toBe(3);
  });

  it("gives up after the last attempt, and never retries other errors", async () => {
    let runs = 0;
    await expect(
      retryTransient(async () => {
        runs += 1;
        throw deadlock();
      }),
    ).rejects.toThrow("deadlock detected");
    expect(runs).toBe(3);

    runs = 0;
    await expect(
      retryTransient(async () => {
        runs += 1;
        throw Object.assign(new Error("stock short"), { statusCode: 409 });
      }),
    ).rejects.toThrow("stock short");
    expect(runs).toBe(1);
  });
});
