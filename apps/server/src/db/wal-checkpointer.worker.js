// The thread that copies a SQLite database's write-ahead log back into its file (db/wal-checkpoints.ts).
// Plain JavaScript, so the same file runs from the sources and beside the bundle.
import { parentPort, workerData } from "node:worker_threads";
import SQLite from "better-sqlite3";

const database = new SQLite(workerData.file, { fileMustExist: true });

// PASSIVE copies what it can without waiting for the shop's writer or readers, and never makes them
// wait: the shop keeps committing to the log while the pages go to the file and the disk syncs.
// One that fails (the disk busy or full) is tried again at the next tick; the writer's own checkpoint
// still runs meanwhile.
const timer = setInterval(() => {
  try {
    database.pragma("wal_checkpoint(PASSIVE)");
  } catch {
    // Tried again in everyMs.
  }
}, workerData.everyMs);

parentPort.on("message", (message) => {
  if (message !== "stop") return;
  clearInterval(timer);
  database.close();
  parentPort.close();
});
