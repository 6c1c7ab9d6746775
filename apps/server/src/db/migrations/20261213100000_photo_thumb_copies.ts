// Frozen: this migration must keep producing the same schema, so it imports nothing from the app;
// it takes its steps from an earlier migration, which is frozen too.

/**
 * Stored photos get a fourth width, a 320 px copy for a catalogue card on a phone. Photos stored
 * from now on are stored with it; for the photos already stored this queues the `photo-copies` job
 * once more, exactly as migration 20261202100000 did for the phone copy: the job makes every copy a
 * stored photo lacks, in whichever store holds it, once the shop runs its jobs.
 */
export { down, up } from "./20261202100000_photo_phone_copies.js";
