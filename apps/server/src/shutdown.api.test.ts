import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { postgresUrl, withAdminClient } from "../test/postgres.js";

const ROOT = path.resolve(import.meta.dirname, "../../..");

async function freePort(): Promise<number> {
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

/** Resolves true when something accepts a connection on the port, false when it is refused. */
function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: "127.0.0.1" });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/** Every process below `pid`, from /proc: pid → command name. */
function descendants(pid: number): Map<number, string> {
  const parents = new Map<number, number>();
  const names = new Map<number, string>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      // "pid (comm) state ppid …": the name may hold spaces, so read from the last ")".
      const close = stat.lastIndexOf(")");
      names.set(Number(entry), stat.slice(stat.indexOf("(") + 1, close));
      parents.set(Number(entry), Number(stat.slice(close + 2).split(" ")[1]));
    } catch {
      // The process ended while we looked.
    }
  }
  const found = new Map<number, string>();
  const visit = (parent: number) => {
    for (const [child, ppid] of parents) {
      if (ppid === parent && !found.has(child)) {
        found.set(child, names.get(child) ?? "?");
        visit(child);
      }
    }
  };
  visit(pid);
  return found;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("npm start and SIGTERM", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "florist-shutdown-"));
  const webDist = path.join(dataDir, "web");
  let databaseUrl = `sqlite:${path.join(dataDir, "shop.db")}`;
  let postgresName: string | undefined;
  let npm: ChildProcess | undefined;

  beforeAll(async () => {
    fs.mkdirSync(webDist);
    fs.writeFileSync(
      path.join(webDist, "index.html"),
      `<!doctype html><html lang="en"><head><title>shop</title></head><body><div id="root"></div></body></html>`,
    );
    if (inject("testDatabase") === "postgres") {
      postgresName = `florist_t_${randomBytes(6).toString("hex")}`;
      await withAdminClient((c) => c.query(`CREATE DATABASE ${postgresName} TEMPLATE ${inject("template")}`));
      databaseUrl = postgresUrl(postgresName);
    }
  });

  afterAll(async () => {
    if (npm?.exitCode === null) npm.kill("SIGKILL");
    if (postgresName) {
      await withAdminClient((c) => c.query(`DROP DATABASE IF EXISTS ${postgresName} WITH (FORCE)`));
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("reaches the server, which stops accepting, finishes the request in flight, closes the database and exits 0", async () => {
    const port = await freePort();
    let output = "";
    npm = spawn("npm", ["start"], {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: "127.0.0.1",
        APP_URL: `http://127.0.0.1:${port}`,
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
        WEB_DIST: webDist,
        SEED_DEMO: "0",
        ADMIN_PASSWORD: "Admin12345",
        LOG_LEVEL: "warn",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const npmPid = npm.pid as number;
    npm.stdout?.on("data", (chunk) => {
      output += chunk;
    });
    npm.stderr?.on("data", (chunk) => {
      output += chunk;
    });
    const exited = new Promise<number | null>((resolve) => npm?.on("exit", (code) => resolve(code)));

    // The first start may compile the server; later ones only check that it is current.
    for (let i = 0; ; i++) {
      if (npm.exitCode !== null) throw new Error(`npm start exited early:\n${output}`);
      const healthy = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (healthy) break;
      if (i > 600) throw new Error(`The shop did not start:\n${output}`);
      await sleep(100);
    }

    // npm's only child is the server itself, a node process: no shell or loader in between.
    const below = descendants(npmPid);
    expect([...below.values()]).toEqual(["node"]);

    // A request in flight: its headers and half its body are sent before SIGTERM.
    const body = JSON.stringify({ identifier: "nobody", password: "wrong-password" });
    const inFlight = net.connect({ port, host: "127.0.0.1" });
    let answer = "";
    inFlight.on("data", (chunk) => {
      answer += chunk.toString("latin1");
    });
    const answered = new Promise<void>((resolve) => inFlight.on("close", () => resolve()));
    await new Promise<void>((resolve) => inFlight.once("connect", () => resolve()));
    inFlight.write(
      `POST /api/users/login HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body.slice(0, 10)}`,
    );
    // Time for the server to read the headers: from then on the request is in flight, not idle.
    await sleep(1000);

    npm.kill("SIGTERM");

    // The server stops accepting new connections while the request above is still open.
    for (let i = 0; (await portOpen(port)) && i < 100; i++) await sleep(50);
    expect(await portOpen(port)).toBe(false);
    expect(inFlight.destroyed).toBe(false);

    inFlight.write(body.slice(10));
    await answered;
    const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1]);
    expect(status, answer).toBeGreaterThanOrEqual(400);
    expect(status, answer).toBeLessThan(500);

    expect(await exited).toBe(0);
    expect(output).toContain("SIGTERM received");
    expect(output).toContain("Stopped: requests finished and the database closed.");
    for (const pid of below.keys()) expect(alive(pid), `process ${pid} (${below.get(pid)}) outlived npm`).toBe(false);
    expect(await portOpen(port)).toBe(false);

    if (postgresName) {
      const open = await withAdminClient((c) =>
        c.query("SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1", [postgresName]),
      );
      expect(open.rows[0].n).toBe(0);
    } else {
      // SQLite folds its write-ahead log back into the file and removes it when the database is closed.
      expect(fs.existsSync(path.join(dataDir, "shop.db-wal"))).toBe(false);
    }
  }, 120_000);
});
