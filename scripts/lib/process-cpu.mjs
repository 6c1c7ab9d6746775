/**
 * The CPU time processes of this machine have used so far, read from /proc (Linux), for the
 * benchmarks' figures of CPU per order: the shop's own process, and PostgreSQL's.
 */
import fs from "node:fs";

/**
 * CPU seconds (user + system) of a process from its /proc stat line: utime and stime, fields 14 and
 * 15 of stat(5), in clock ticks (100 a second on Linux).
 */
function cpuOfStat(stat) {
  const fields = stat.split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** CPU seconds process `pid` has used so far; null where there is no /proc or no such process. */
export function processCpuSeconds(pid) {
  try {
    return cpuOfStat(fs.readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return null;
  }
}

/**
 * CPU seconds PostgreSQL's processes have used so far: with `database`, the sessions connected to
 * that database ("postgres: user database host …"), which tells two shops on one server apart;
 * without, every PostgreSQL process of the machine (the server, every session and its background
 * writers), which is all of what one shop's orders cost it when only that shop runs. A session
 * that ends takes its time with it, so it is read while the shop keeps its pool open. Null where
 * there is no /proc.
 */
export function postgresCpuSeconds(database) {
  let entries;
  try {
    entries = fs.readdirSync("/proc");
  } catch {
    return null;
  }
  let total = 0;
  for (const pid of entries) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (database === undefined) {
        const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
        if (stat.includes("(postgres)")) total += cpuOfStat(stat);
      } else {
        const command = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8");
        if (command.startsWith("postgres:") && command.includes(` ${database} `)) {
          total += cpuOfStat(fs.readFileSync(`/proc/${pid}/stat`, "utf8"));
        }
      }
    } catch {
      // The process ended while it was read.
    }
  }
  return total;
}
