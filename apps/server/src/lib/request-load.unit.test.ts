import http from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { createRequestLoad, watchRequestLoad } from "./request-load.js";

/**
 * A process's clocks, moved by hand in milliseconds: the monotonic clock, and the event loop's
 * working and idle time. `advance(ms)` passes time with the thread working; `rest(ms)` with it idle.
 */
function handClocks() {
  const clocks = { at: 0, active: 0, idle: 0 };
  return {
    clock: () => clocks.at,
    loop: () => ({ active: clocks.active, idle: clocks.idle }),
    advance(ms: number) {
      clocks.at += ms;
      clocks.active += ms;
    },
    rest(ms: number) {
      clocks.at += ms;
      clocks.idle += ms;
    },
  };
}

describe("the load shoppers put on the shop", () => {
  it("is the share of the time with a request in flight, however many at once, and of the thread's working time", () => {
    const hand = handClocks();
    const load = createRequestLoad(hand.clock, hand.loop);
    // 300 ms with one request, 200 ms more with a second beside it, then 500 ms with none.
    load.started();
    hand.advance(300);
    load.started();
    hand.advance(200);
    load.ended();
    load.ended();
    hand.rest(500);
    expect(load.shares()).toEqual({ requests: 0.5, loop: 0.5 });
    expect(load.busy()).toBe(true);
  });

  it("follows the last second or two, not the time since the process started", () => {
    const hand = handClocks();
    const load = createRequestLoad(hand.clock, hand.loop);
    // A rush of ten seconds, read every second.
    load.started();
    for (let second = 0; second < 10; second++) {
      hand.advance(1000);
      expect(load.busy()).toBe(true);
    }
    load.ended();
    // Quiet again: a second or two later the shop is no longer busy.
    hand.rest(1000);
    load.shares();
    hand.rest(1000);
    expect(load.shares()).toEqual({ requests: 0, loop: 0 });
    expect(load.busy()).toBe(false);
    // A lone request of 5 ms in the next second leaves it quiet.
    load.started();
    hand.advance(5);
    load.ended();
    hand.rest(995);
    expect(load.busy()).toBe(false);
  });

  it("is not a rush while a request waits on a slow line and the thread rests, nor while the thread works with no request", () => {
    const hand = handClocks();
    const load = createRequestLoad(hand.clock, hand.loop);
    // A shopper on a slow line takes two seconds to receive a picture; the thread has little to do.
    load.started();
    hand.advance(100);
    hand.rest(1900);
    load.ended();
    expect(load.shares().requests).toBe(1);
    expect(load.busy()).toBe(false);
    // The runner sends mails for two seconds; no request comes.
    hand.advance(1000);
    load.shares();
    hand.advance(1000);
    expect(load.shares()).toEqual({ requests: 0, loop: 1 });
    expect(load.busy()).toBe(false);
  });

  it("counts a request from its arrival until its answer ends, or until the shopper goes away", async () => {
    const hand = handClocks();
    let answer: http.ServerResponse | undefined;
    const server = http.createServer((_request, response) => {
      answer = response;
    });
    const load = watchRequestLoad(server, createRequestLoad(hand.clock, hand.loop));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    const ask = () => {
      const request = http.get({ host: "127.0.0.1", port, agent: false });
      request.on("error", () => {});
      return request;
    };
    try {
      // Answered after 400 ms of the clock.
      const answered = new Promise((resolve) =>
        ask().on("response", (response) => response.resume().on("end", resolve)),
      );
      await expect.poll(() => answer).toBeDefined();
      hand.advance(400);
      answer?.end("ok");
      await answered;
      hand.advance(600);
      expect(load.shares().requests).toBeCloseTo(0.4);
      // The shopper goes away after 1,000 ms without an answer: the request no longer counts.
      answer = undefined;
      const request = ask();
      await expect.poll(() => answer).toBeDefined();
      hand.advance(1000);
      const closed = new Promise((resolve) => answer?.once("close", resolve));
      request.destroy();
      await closed;
      hand.advance(1000);
      expect(load.shares().requests).toBeCloseTo(0.5);
      hand.advance(1000);
      expect(load.shares().requests).toBe(0);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
