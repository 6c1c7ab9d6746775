/**
 * Loaded into the shop by `npm run statements` (node --import): counts every statement the shop
 * sends to PostgreSQL (node-postgres's Client#query) or runs on SQLite (better-sqlite3's
 * Statement#run, #get, #all, #iterate), with the time until its answer. On SIGUSR2 it writes what
 * it counted since the last signal to STATEMENT_COUNT_FILE.<pid>.json and starts again.
 */
import fs from "node:fs";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const counted = new Map();

function record(sql, startedAt) {
  const entry = counted.get(sql) ?? { count: 0, ns: 0n };
  entry.count += 1;
  entry.ns += process.hrtime.bigint() - startedAt;
  counted.set(sql, entry);
}

const pg = require("pg");
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function countedQuery(config, values, callback) {
  const sql = typeof config === "string" ? config : (config?.text ?? String(config));
  const startedAt = process.hrtime.bigint();
  const result = query.call(this, config, values, callback);
  const done = () => record(sql, startedAt);
  if (result && typeof result.then === "function") result.then(done, done);
  else done();
  return result;
};

const SQLite = require("better-sqlite3");
const probe = new SQLite(":memory:");
const Statement = probe.prepare("select 1").constructor;
probe.close();
for (const method of ["run", "get", "all", "iterate"]) {
  const original = Statement.prototype[method];
  Statement.prototype[method] = function countedStatement(...args) {
    const startedAt = process.hrtime.bigint();
    try {
      return original.apply(this, args);
    } finally {
      record(this.source, startedAt);
    }
  };
}

process.on("SIGUSR2", () => {
  const rows = [...counted].map(([sql, { count, ns }]) => ({ sql, count, us: Number(ns / 1000n) }));
  // Written aside and renamed, so the script waiting for the file never reads it half written.
  const file = `${process.env.STATEMENT_COUNT_FILE}.${process.pid}.json`;
  fs.writeFileSync(`${file}.part`, JSON.stringify(rows));
  fs.renameSync(`${file}.part`, file);
  counted.clear();
});
