import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../test/harness.js";
import { type HttpLimits, loadConfig } from "./config.js";

/** A shop listening on a free port of 127.0.0.1 with the given connection limits. */
async function listeningShop(limits: Partial<HttpLimits>) {
  const shop = await createTestShop({ http: { ...loadConfig({}).http, ...limits } });
  await shop.app.listen({ port: 0, host: "127.0.0.1" });
  const address = shop.app.server.address();
  if (!address || typeof address === "string") throw new Error("not listening");
  return { shop, port: address.port };
}

interface Connection {
  socket: net.Socket;
  /** Everything the server sent. */
  received(): string;
  /** Resolves when the server (or the network) closed the connection. */
  closed: Promise<void>;
  isClosed(): boolean;
}

function connect(port: number): Promise<Connection> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port, host: "127.0.0.1" });
    let data = "";
    let isClosed = false;
    socket.on("data", (chunk) => {
      data += chunk.toString("latin1");
    });
    socket.on("error", () => {});
    const closed = new Promise<void>((done) =>
      socket.on("close", () => {
        isClosed = true;
        done();
      }),
    );
    socket.once("connect", () => resolve({ socket, received: () => data, closed, isClosed: () => isClosed }));
    socket.once("error", reject);
  });
}

/** Writes one byte every `everyMs` until the connection closes, like a client that trickles. */
function trickle(connection: Connection, everyMs: number) {
  const timer = setInterval(() => {
    if (!connection.isClosed()) connection.socket.write(" ");
  }, everyMs);
  return connection.closed.finally(() => clearInterval(timer));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("timeouts close connections that hold the server without finishing a request", () => {
  let shop: TestShop;
  let port: number;
  beforeAll(async () => {
    ({ shop, port } = await listeningShop({
      headersTimeoutMs: 500,
      requestTimeoutMs: 1000,
      idleTimeoutMs: 1000,
      keepAliveTimeoutMs: 500,
      maxRequestsPerConnection: 2,
    }));
  });
  afterAll(() => shop.close());

  it("a body announced and sent a byte at a time is cut off with 408 Request Timeout", async () => {
    const connection = await connect(port);
    connection.socket.write(
      "POST /api/users/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 10000\r\n\r\n",
    );
    await trickle(connection, 100);
    expect(connection.received()).toMatch(/^HTTP\/1\.1 408 /);
  });

  it("headers sent a byte at a time are cut off with 408 Request Timeout", async () => {
    const connection = await connect(port);
    connection.socket.write("GET /api/catalog HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ");
    await trickle(connection, 100);
    expect(connection.received()).toMatch(/^HTTP\/1\.1 408 /);
  });

  it("a connection that never sends anything is closed", async () => {
    const connection = await connect(port);
    await connection.closed;
    expect(connection.received()).not.toMatch(/^HTTP\/1\.1 200/);
  });

  it("an idle keep-alive connection is closed after its request was answered", async () => {
    const connection = await connect(port);
    connection.socket.write("GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
    await connection.closed;
    expect(connection.received()).toMatch(/^HTTP\/1\.1 200 /);
  });

  it("a connection serves a bounded number of requests and then asks the client to reconnect", async () => {
    const connection = await connect(port);
    const request = "GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n";
    connection.socket.write(request + request);
    await connection.closed;
    const answers = connection.received().split(/(?=HTTP\/1\.1 )/);
    expect(answers.map((a) => a.slice(0, 15))).toEqual(["HTTP/1.1 200 OK", "HTTP/1.1 200 OK"]);
    expect(answers[1]).toMatch(/connection: close/i);
  });
});

describe("the connection cap", () => {
  let shop: TestShop;
  let port: number;
  beforeAll(async () => {
    ({ shop, port } = await listeningShop({ maxConnections: 3 }));
  });
  afterAll(() => shop.close());

  it("closes connections above the cap at once and accepts new ones when others have gone", async () => {
    const held = [await connect(port), await connect(port), await connect(port)];
    // Let the server register the three before the fourth arrives.
    await sleep(100);
    const extra = await connect(port);
    extra.socket.write("GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
    await extra.closed;
    expect(extra.received()).toBe("");
    expect(held.some((c) => c.isClosed())).toBe(false);

    for (const c of held) c.socket.destroy();
    await Promise.all(held.map((c) => c.closed));
    await sleep(100);
    const response = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(response.status).toBe(200);
  });
});
