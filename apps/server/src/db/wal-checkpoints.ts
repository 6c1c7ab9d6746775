import { Worker } from "node:worker_threads";

/** How often the checkpoint thread copies what the log holds into the database file. */
const CHECKPOINT_EVERY_MS = 200;

export interface CheckpointThread {
  close(): Promise<void>;
}

/**
 * Copies the write-ahead log of a shop's SQLite file back into the file from a thread of its own
 * (docs/decisions/0033). A checkpoint writes the log's pages into the database and syncs both to
 * disk: 20–50 ms on the shop's thread, which every request waited through, when a commit crossed
 * `wal_autocheckpoint`. The thread's passive checkpoints never wait for the writer nor make it wait.
 * The writer keeps its own checkpoint at the threshold: only a checkpoint on the writer, between two
 * commits, catches up with the whole log so the next commit starts it over from the beginning (the
 * thread's, overtaken by the commits made meanwhile, never does); by then the thread has copied and
 * synced nearly all of it, so the writer's share is the last 200 ms or less.
 */
export function checkpointAside(file: string): CheckpointThread {
  const worker = new Worker(new URL("./wal-checkpointer.worker.js", import.meta.url), {
    workerData: { file, everyMs: CHECKPOINT_EVERY_MS },
  });
  // The shop's own work, not this thread, decides when the process may end.
  worker.unref();
  const exited = new Promise<void>((resolve) => worker.once("exit", () => resolve()));
  // A thread that failed (the file gone, a full disk) leaves the checkpoints to the writer alone.
  worker.on("error", () => {});
  return {
    async close() {
      // Held until it has closed its connection, or the process could end before it has.
      worker.ref();
      worker.postMessage("stop");
      await exited;
    },
  };
}
