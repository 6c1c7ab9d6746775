import { loadConfig } from "./config.js";
import { createShop } from "./shop.js";

/** In-flight requests get this long after SIGTERM; then the connections still open are cut. */
const GRACE_MS = 10_000;

const config = loadConfig();
// One JSON line per request and per error on stdout; 5xx details stay in the log, never in answers.
const { app } = await createShop(config, { fastify: { logger: { level: process.env.LOG_LEVEL ?? "info" } } });

await app.listen({ port: config.port, host: config.host });
console.log(`Bandung Florist is open at ${config.appUrl} (listening on ${config.host}:${config.port})`);

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  console.log(`${signal} received: no new connections; finishing requests in flight, then closing the database.`);
  const cut = setTimeout(() => {
    console.error(`Requests still open after ${GRACE_MS / 1000} s are cut off.`);
    app.server.closeAllConnections();
  }, GRACE_MS);
  const giveUp = setTimeout(() => {
    console.error("The database did not close in time; exiting anyway.");
    process.exit(1);
  }, GRACE_MS + 5_000);
  cut.unref();
  giveUp.unref();
  try {
    // Stops listening, answers 503 to new requests on open connections, waits for those in flight,
    // then runs the onClose hooks, which close the database.
    await app.close();
  } catch (error) {
    console.error("Shutdown failed:", error);
    process.exit(1);
  }
  console.log("Stopped: requests finished and the database closed.");
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
