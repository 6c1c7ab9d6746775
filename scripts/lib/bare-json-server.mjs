/**
 * The benchmark's yardstick: bare Fastify answering fixed JSON bodies, in its own process like the
 * shop. `node bare-json-server.mjs <port> <routes.json>` where routes.json maps a path to a file
 * whose bytes are the answer. Whatever the shop does beyond this (sessions, security headers,
 * database reads, serialisation) is what the ratio in `npm run bench` measures.
 */
import fs from "node:fs";
import Fastify from "fastify";

const [port, routesFile] = process.argv.slice(2);
const routes = JSON.parse(fs.readFileSync(routesFile, "utf8"));
const app = Fastify({ logger: false });
for (const [url, file] of Object.entries(routes)) {
  const body = fs.readFileSync(file);
  app.get(url, (_request, reply) => reply.header("content-type", "application/json; charset=utf-8").send(body));
}
app.get("/api/health", () => ({ status: "ok" }));
await app.listen({ port: Number(port), host: "127.0.0.1" });
