/** One row of the bench's table: what was measured, its value, and the goal for it. */
export interface Row {
  readonly name: string;
  readonly value: string;
  readonly goal?: string;
  readonly p50?: number;
  readonly p99?: number;
  /** The server's CPU per request and its share of a core during the measure (cpu-meter.ts). */
  readonly cost?: { readonly cpuMsPerRequest: number; readonly busy: number };
  /** Measured at a set rate: the server is meant to be idle part of the time. */
  readonly paced?: boolean;
}

const fixed = (n: number | undefined) => (n === undefined ? "" : n.toFixed(1));
const known = (n: number | undefined) => n !== undefined && Number.isFinite(n);
const cpuMs = (r: Row) => (r.cost && known(r.cost.cpuMsPerRequest) ? r.cost.cpuMsPerRequest.toFixed(2) : "");
// Under 90% of a core, something other than the server's CPU set the rate: the load generator, or waits.
const busy = (r: Row) =>
  r.cost && known(r.cost.busy)
    ? `${(r.cost.busy * 100).toFixed(0)}%${r.cost.busy < 0.9 && r.paced !== true ? " (not CPU-bound)" : ""}`
    : "";

/** The table `pnpm bench` prints at the end (Markdown, so docs/performance.md can carry it as printed). */
export function table(rows: readonly Row[]): string {
  const cells = [
    ["measure", "value", "goal", "p50 ms", "p99 ms", "server CPU ms", "server busy"],
    ...rows.map((r) => [r.name, r.value, r.goal ?? "", fixed(r.p50), fixed(r.p99), cpuMs(r), busy(r)]),
  ];
  const widths = cells[0]!.map((_, i) => Math.max(...cells.map((c) => c[i]!.length)));
  const line = (c: string[]) => `| ${c.map((v, i) => (i === 0 ? v.padEnd(widths[i]!) : v.padStart(widths[i]!))).join(" | ")} |`;
  return [
    line(cells[0]!),
    `|${widths.map((w, i) => (i === 0 ? "-" : "").padEnd(w + 1, "-") + (i === 0 ? "-" : ":")).join("|")}|`,
    ...cells.slice(1).map(line),
  ].join("\n");
}

export const perSecond = (n: number) => `${n.toFixed(0)}/s`;
export const ratio = (a: number, b: number) => (a / b).toFixed(3);
