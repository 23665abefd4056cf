/**
 * Milliseconds a fixed piece of JavaScript takes on this core: 3 MB of records written as JSON and
 * read back, five times, the best of three rounds (allocation, strings and memory as a page's path
 * uses them, not only arithmetic). It says which phase the machine was in when a run was made: a
 * VM here ran the same code at up to half its speed for an hour, and the gateway slowed more than
 * the monolith, so runs are compared with their probe beside them. Lower is faster.
 */
export function speedProbeMs(): number {
  // Made here, not kept: the bench's process also serves the monolith it measures.
  const records = Array.from({ length: 20_000 }, (_, i) => ({
    id: `off_${i.toString(36).padStart(8, "0")}`,
    price: 450_000 + ((i * 7919) % 100_000),
    segments: [{ from: "DEL", to: "BOM", flight: `AI ${100 + (i % 900)}`, dep: "2026-12-20T06:00:00.000Z" }],
  }));
  let best = Number.POSITIVE_INFINITY;
  for (let round = 0; round < 3; round++) {
    const started = performance.now();
    let bytes = 0;
    for (let i = 0; i < 5; i++) bytes += (JSON.parse(JSON.stringify(records)) as unknown[]).length;
    if (bytes !== records.length * 5) throw new Error("the probe lost records");
    best = Math.min(best, performance.now() - started);
  }
  return Math.round(best);
}
