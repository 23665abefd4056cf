/** One row of the bench's table: what was measured, its value, and the goal for it. */
export interface Row {
  readonly name: string;
  readonly value: string;
  readonly goal?: string;
  readonly p50?: number;
  readonly p99?: number;
}

const fixed = (n: number | undefined) => (n === undefined ? "" : n.toFixed(1));

/** The table `pnpm bench` prints at the end (Markdown, so the README can carry it as printed). */
export function table(rows: readonly Row[]): string {
  const cells = [
    ["measure", "value", "goal", "p50 ms", "p99 ms"],
    ...rows.map((r) => [r.name, r.value, r.goal ?? "", fixed(r.p50), fixed(r.p99)]),
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
