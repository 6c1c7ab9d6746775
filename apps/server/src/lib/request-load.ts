import type { Server } from "node:http";
import { performance } from "node:perf_hooks";

/** The shortest stretch of time a reading of the load is taken over. */
const WINDOW_MS = 1000;

/**
 * The share of the time with a request in flight, and of the event loop's time spent working, from
 * which shoppers are said to keep the shop busy.
 */
export const BUSY_SHARE = 0.5;

/** Time the event loop has spent working and waiting so far, in milliseconds (`performance.eventLoopUtilization`). */
export interface LoopTime {
  active: number;
  idle: number;
}

/**
 * How busy shoppers keep this process, over the last second or more: the share of the time during
 * which at least one request was being answered, and the share the event loop spent working. A shop
 * with a few shoppers a second answers each in a few milliseconds and is idle most of the time; in a
 * rush some request is always in flight and the thread never rests. Both must be high: a shopper on a
 * slow line keeps a request in flight for seconds while the thread is free, and the job runner's own
 * sending keeps the thread working while no request is (it does not count itself as the rush).
 *
 * The time is the process's monotonic clock, not the shop's (lib/time.ts): this measures how long
 * work takes, not when something is due. `clock` and `loop` are given by the tests.
 */
export interface RequestLoad {
  started(): void;
  ended(): void;
  /**
   * The share of the time with a request in flight, and the share the event loop worked, since the
   * reading before the last (at least WINDOW_MS ago).
   */
  shares(): { requests: number; loop: number };
  /** Whether both shares are BUSY_SHARE or more. */
  busy(): boolean;
}

export function createRequestLoad(
  clock: () => number = () => performance.now(),
  loop: () => LoopTime = () => performance.eventLoopUtilization(),
): RequestLoad {
  let inFlight = 0;
  let busySince = 0;
  /** Time with a request in flight, up to the last moment none was. */
  let busyBefore = 0;
  const busyUntil = (at: number) => busyBefore + (inFlight > 0 ? at - busySince : 0);
  const reading = () => {
    const at = clock();
    return { at, busy: busyUntil(at), loop: loop() };
  };
  let mark = reading();
  let earlier = mark;
  const shares = () => {
    const now = reading();
    if (now.at - mark.at >= WINDOW_MS) {
      earlier = mark;
      mark = now;
    }
    const active = now.loop.active - earlier.loop.active;
    const loopTime = active + now.loop.idle - earlier.loop.idle;
    return {
      requests: now.at > earlier.at ? (now.busy - earlier.busy) / (now.at - earlier.at) : 0,
      loop: loopTime > 0 ? active / loopTime : 0,
    };
  };
  return {
    started() {
      if (inFlight === 0) busySince = clock();
      inFlight += 1;
    },
    ended() {
      inFlight -= 1;
      if (inFlight === 0) busyBefore += clock() - busySince;
    },
    shares,
    busy() {
      const { requests, loop } = shares();
      return requests >= BUSY_SHARE && loop >= BUSY_SHARE;
    },
  };
}

/** Counts every request `server` answers: from its arrival until its answer ends or its connection closes. */
export function watchRequestLoad(server: Server, load: RequestLoad = createRequestLoad()): RequestLoad {
  server.on("request", (_request, response) => {
    load.started();
    // "close" comes once for every answer: after it is sent, or when the shopper went away first.
    response.once("close", load.ended);
  });
  return load;
}
