import { loadConfig } from "./config.js";
import { createShop } from "./shop.js";

const config = loadConfig();
// One JSON line per request and per error on stdout; 5xx details stay in the log, never in answers.
const { app } = await createShop(config, { fastify: { logger: { level: process.env.LOG_LEVEL ?? "info" } } });

await app.listen({ port: config.port, host: config.host });
console.log(`Bandung Florist is open at ${config.appUrl} (listening on ${config.host}:${config.port})`);

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  console.log(`${signal} received: finishing requests in flight, then closing the database.`);
  const timer = setTimeout(() => {
    console.error("Shutdown took longer than 10 s; exiting.");
    process.exit(1);
  }, 10_000);
  timer.unref();
  await app.close();
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
