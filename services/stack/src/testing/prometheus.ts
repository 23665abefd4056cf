export interface Scrape {
  readonly contentType: string | null;
  readonly text: string;
  /**
   * The sum of every sample of `name` whose labels include `labels` (0 when there is none), e.g.
   * value("rpc_requests_total", { service: "booking", code: "OK" }).
   */
  value(name: string, labels?: Record<string, string>): number;
  /** Whether any sample of `name` (with those labels) is present. */
  has(name: string, labels?: Record<string, string>): boolean;
}

interface Sample {
  readonly name: string;
  readonly labels: Record<string, string>;
  readonly value: number;
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

/** Reads the Prometheus text format (enough of it for tests: no timestamps, no exemplars). */
function parsePrometheus(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split("\n")) {
    if (line === "" || line.startsWith("#")) continue;
    const match = SAMPLE.exec(line);
    if (!match) throw new Error(`not a Prometheus sample: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, key, raw] of (match[2] ?? "").matchAll(LABEL)) {
      labels[key!] = raw!.replace(/\\n/g, "\n").replace(/\\"/g, '"').replace(/\\\\/g, "\\");
    }
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

/** GET a /metrics URL and read it. */
export async function scrape(url: string): Promise<Scrape> {
  const res = await fetch(url);
  const text = await res.text();
  if (res.status !== 200) throw new Error(`GET ${url}: ${res.status} ${text}`);
  const samples = parsePrometheus(text);
  const matching = (name: string, labels: Record<string, string> = {}) =>
    samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  return {
    contentType: res.headers.get("content-type"),
    text,
    value: (name, labels) => matching(name, labels).reduce((sum, s) => sum + s.value, 0),
    has: (name, labels) => matching(name, labels).length > 0,
  };
}
