import { afterEach, describe, expect, it } from "vitest";
import { setClock } from "../../lib/time.js";
import { type JobKind, jobAroundId } from "./service.js";

const orderMail: JobKind<{ orderId: number; kind: string }> = {
  kind: "order.mail",
  maxAttempts: 10,
  run: async () => {},
};

afterEach(() => setClock(null));

describe("a job queued around the id of a row not written yet", () => {
  it("reads exactly as the job queued once the id is known, due now on the shop's clock", () => {
    setClock(() => Date.parse("2026-12-22T01:30:00.000Z"));
    const job = jobAroundId(orderMail, (orderId) => ({ orderId, kind: "placed" }));
    expect(`${job.payloadBefore}${4217}${job.payloadAfter}`).toBe(JSON.stringify({ orderId: 4217, kind: "placed" }));
    expect(job).toMatchObject({
      kind: "order.mail",
      max_attempts: 10,
      run_at: "2026-12-22T01:30:00.000Z",
      created_at: "2026-12-22T01:30:00.000Z",
    });
  });

  it("is refused for a payload that does not hold the id exactly once", () => {
    expect(() => jobAroundId(orderMail, () => ({ orderId: 1, kind: "placed" }))).toThrow(/hold the id once/);
    const twice: JobKind<{ orderId: number; again: number }> = {
      kind: orderMail.kind,
      maxAttempts: orderMail.maxAttempts,
      run: async () => {},
    };
    expect(() => jobAroundId(twice, (id) => ({ orderId: id, again: id }))).toThrow(/hold the id once/);
  });
});
