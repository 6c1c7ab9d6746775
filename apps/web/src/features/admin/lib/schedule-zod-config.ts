import { z } from "zod";

/*
 * The Schedule screen checks a schedule with the contract's own schemas. zod compiles its object
 * parsers with `new Function` and probes for that when a schema is built; the shop's
 * Content-Security-Policy forbids eval, and the browser reports even the caught probe as a violation.
 * Imported before the contract, this makes zod build its schemas without trying: so the screen takes
 * the contract's values (not only its types) through schedule-draft.ts, which imports this first.
 */
z.config({ jitless: true });
