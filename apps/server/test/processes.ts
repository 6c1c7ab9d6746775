import { type ChildProcess, spawn } from "node:child_process";
import http from "node:http";
import net from "node:net";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "../../..");
const SERVER = path.join(ROOT, "apps/server/src/server.ts");

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A shop's server.ts running in its own Node process, as `npm start` runs the bundle. */
export interface ShopProcess {
  name: string;
  url: string;
  child: ChildProcess;
  /** Everything it printed so far. */
  output(): string;
  /** Resolves with the exit code (null after a signal) once it has ended. */
  exited: Promise<number | null>;
  /** Waits until GET /api/health answers 200. */
  healthy(): Promise<void>;
}

/**
 * Starts `apps/server/src/server.ts` in a new Node process (TypeScript through tsx's loader, one
 * process, so a signal reaches the server itself) with the given settings on top of the test's
 * environment. It listens on 127.0.0.1 at a free port.
 */
export async function startShopProcess(name: string, env: Record<string, string>): Promise<ShopProcess> {
  const port = await freePort();
  let output = "";
  const child = spawn(process.execPath, ["--import", "tsx", SERVER], {
    cwd: ROOT,
    env: { ...process.env, ...env, HOST: "127.0.0.1", PORT: String(port) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  for (const stream of [child.stdout, child.stderr]) {
    stream?.on("data", (chunk) => {
      output += chunk;
    });
  }
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  return {
    name,
    url,
    child,
    output: () => output,
    exited,
    async healthy() {
      const deadline = Date.now() + 60_000;
      for (;;) {
        if (child.exitCode !== null) throw new Error(`${name} exited at start:\n${output}`);
        const ok = await fetch(`${url}/api/health`).then(
          (r) => r.ok,
          () => false,
        );
        if (ok) return;
        if (Date.now() > deadline) throw new Error(`${name} did not start within 60 s:\n${output}`);
        await sleep(100);
      }
    },
  };
}

/** Stops a shop process: SIGTERM, and SIGKILL if it has not ended within 15 s. */
export async function stopShopProcess(shop: ShopProcess): Promise<void> {
  if (shop.child.exitCode !== null || shop.child.signalCode !== null) return;
  shop.child.kill("SIGTERM");
  const timer = setTimeout(() => shop.child.kill("SIGKILL"), 15_000);
  await shop.exited;
  clearTimeout(timer);
}

export interface LoadBalancer {
  url: string;
  /** How many requests each upstream answered, by its URL. */
  served: Map<string, number>;
  close(): Promise<void>;
}

/**
 * A round-robin HTTP proxy on 127.0.0.1, as a load balancer stands in front of several shop
 * processes: each request goes to the next upstream, with X-Forwarded-For, and the answer names the
 * upstream in `x-upstream`. An upstream that refuses the connection never saw the request, so it
 * goes to the next one; one that fails after taking the request is a 502, never retried, since a
 * retried order could be placed twice.
 */
export async function roundRobinProxy(upstreams: string[]): Promise<LoadBalancer> {
  let next = 0;
  const served = new Map<string, number>();
  const agent = new http.Agent({ keepAlive: true });
  const server = http.createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const forward = (tries: number) => {
      const upstream = upstreams[next++ % upstreams.length] as string;
      const target = new URL(request.url ?? "/", upstream);
      const out = http.request(
        target,
        {
          method: request.method,
          agent,
          headers: { ...request.headers, host: target.host, "x-forwarded-for": request.socket.remoteAddress },
        },
        (answer) => {
          served.set(upstream, (served.get(upstream) ?? 0) + 1);
          response.writeHead(answer.statusCode ?? 502, { ...answer.headers, "x-upstream": upstream });
          // Cut off mid-answer: the client sees a broken answer, never a whole one.
          answer.on("error", () => response.destroy());
          answer.pipe(response);
        },
      );
      out.on("error", (error: NodeJS.ErrnoException) => {
        if (error.code === "ECONNREFUSED" && tries < upstreams.length) return forward(tries + 1);
        if (!response.headersSent) response.writeHead(502, { "content-type": "text/plain" });
        response.end(`upstream ${upstream} failed: ${error.code ?? error.message}`);
      });
      out.end(body);
    };
    forward(1);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    served,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      agent.destroy();
    },
  };
}
