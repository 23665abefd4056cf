import { readFileSync } from "node:fs";

/** CPU seconds (user + system) a process has used so far. */
export type CpuMeter = () => number;

/** This process's CPU (the monolith and bare routes run in the bench's own process). */
export const ownCpu: CpuMeter = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};

/**
 * Another process's CPU from /proc/<pid>/stat (utime and stime, in clock ticks of 1/100 s on
 * Linux); NaN where there is no /proc, so the rows that use it say "n/a" rather than a guess.
 */
export function processCpu(pid: number | undefined): CpuMeter {
  return () => {
    if (pid === undefined) return Number.NaN;
    try {
      // The command name is in parentheses and may hold anything: the fields start after the last ")".
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      return (Number(fields[11]) + Number(fields[12])) / 100;
    } catch {
      return Number.NaN;
    }
  };
}

/** What a measure cost its server: CPU per request, and how busy the server was while measured. */
export interface ServerCost {
  readonly cpuMsPerRequest: number;
  /** Share of one core the server used over the measure: well under 1, something else set the rate. */
  readonly busy: number;
}

/** Runs `measure` and reads `cpu` around it; the measure's own duration is requests / rate. */
export async function withServerCost<T extends { requests: number; requestsPerSecond: number }>(
  cpu: CpuMeter,
  measure: () => Promise<T>,
): Promise<T & ServerCost> {
  const before = cpu();
  const summary = await measure();
  const used = cpu() - before;
  const seconds = summary.requests / summary.requestsPerSecond;
  return { ...summary, cpuMsPerRequest: (used * 1000) / summary.requests, busy: used / seconds };
}
