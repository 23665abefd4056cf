/**
 * The Helm chart in deploy/helm/tarmac, checked without helm: Chart.yaml and values.yaml parse and
 * have the shape the templates expect, every value a template reads exists in values.yaml, and the
 * chart README documents every value. (CI's `chart` job runs helm lint and kubeconform.)
 *
 * How template references are checked: the templates' actions are walked in order, keeping track
 * of what `.` is (it changes inside `range`, `with` and `define`) and what each `$variable` holds:
 * - `.Values.<path>`, `$.Values.<path>` and `$root.Values.<path>` must exist in values.yaml.
 * - Inside `range $name, $svc := .Values.services` (and in helpers, `$svc := .svc`), `$svc.<path>`
 *   must exist in every entry of `services`, so every service has the same keys.
 * - Inside `with`/`range` over a values path, `.<field>` is checked against that path (for a list,
 *   against each of its default elements).
 * - In a `define`, `.` is the caller's argument: either the root context or the chart's per-service
 *   dict (`root`, `name`, `svc`), so `.Values.<path>`, `.root.Values.<path>` and `.svc.<path>` are
 *   checked; anything computed (`include ... | fromYaml`, `index`, `merge`) is not.
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";

const chartDir = join(dirname(fileURLToPath(import.meta.url)), "../../../deploy/helm/tarmac");
const read = (...path: string[]) => readFileSync(join(chartDir, ...path), "utf8");

type Obj = Record<string, unknown>;
const isObj = (value: unknown): value is Obj => typeof value === "object" && value !== null && !Array.isArray(value);

const chart = parse(read("Chart.yaml")) as Obj;
const values = parse(read("values.yaml")) as Obj;
const services = values.services as Record<string, Obj>;

/** The template sources the references are collected from: templates/*.yaml, *.tpl and NOTES.txt. */
function templateSources(): { file: string; text: string }[] {
  return readdirSync(join(chartDir, "templates"))
    .filter((file) => /\.(ya?ml|tpl|txt)$/.test(file))
    .sort()
    .map((file) => ({ file, text: read("templates", file) }));
}

// ---------------------------------------------------------------------------------------------
// The reference checker.

/** Something `.` or a variable can stand for. */
type Dot =
  | { kind: "root" } // the top-level context: .Values, .Release, .Chart, ...
  | { kind: "args" } // a define's argument: the root context or {root, name, svc, ...}
  | { kind: "nodes"; nodes: { value: unknown; path: string }[] } // values nodes, all checked
  | { kind: "unknown" };

const UNKNOWN: Dot = { kind: "unknown" };
const ROOT: Dot = { kind: "root" };
const valuesRoot = (): Dot => ({ kind: "nodes", nodes: [{ value: values, path: "" }] });
const everyService = (): Dot => ({
  kind: "nodes",
  nodes: Object.entries(services).map(([name, svc]) => ({ value: svc, path: `services.${name}` })),
});

interface Frame {
  readonly keyword: string;
  dot: Dot;
  readonly outerDot: Dot;
  readonly vars: Map<string, Dot>;
}

interface Reference {
  readonly file: string;
  /** The value path it resolved to, e.g. services.search.ports.grpc. */
  readonly path: string;
}

interface CheckResult {
  readonly checked: Reference[];
  readonly problems: string[];
}

// A reference: `$var`, `$var.a.b`, `$.a.b` or `.a.b`, not preceded by a word, `)` or `]` (a field
// of a parenthesised pipeline is not tracked).
const REFERENCE = /(?<![\w)\]$.])(\$\w*)?((?:\.[A-Za-z_]\w*)+)|(?<![\w)\]$.])(\$\w+)(?![\w.])/g;

/** Checks every values reference of some template sources against values.yaml's shape. */
function checkTemplateReferences(sources: { file: string; text: string }[]): CheckResult {
  const checked: Reference[] = [];
  const problems: string[] = [];

  for (const { file, text } of sources) {
    const withoutComments = text.replace(/\{\{-?\s*\/\*[\s\S]*?\*\/\s*-?\}\}/g, "");
    const actions = [...withoutComments.matchAll(/\{\{-?([\s\S]*?)-?\}\}/g)].map((m) =>
      // String literals would look like references ("%s.%s"); raw strings too.
      (m[1] ?? "").replace(/"(?:[^"\\]|\\.)*"|`[^`]*`/g, '""').trim(),
    );
    const frames: Frame[] = [{ keyword: "file", dot: ROOT, outerDot: ROOT, vars: new Map([["$", ROOT]]) }];
    const top = () => frames[frames.length - 1]!;
    const lookup = (name: string): Dot => {
      for (let i = frames.length - 1; i >= 0; i--) {
        const found = frames[i]!.vars.get(name);
        if (found) return found;
      }
      return UNKNOWN;
    };

    /** Walks one field from a dot, checking it when the dot is a values node. */
    const field = (dot: Dot, name: string, shown: string): Dot => {
      switch (dot.kind) {
        case "root":
          return name === "Values" ? valuesRoot() : UNKNOWN;
        case "args":
          if (name === "Values") return valuesRoot();
          if (name === "root") return ROOT;
          if (name === "svc") return everyService();
          return UNKNOWN;
        case "unknown":
          return UNKNOWN;
        case "nodes": {
          const next: { value: unknown; path: string }[] = [];
          for (const node of dot.nodes) {
            const path = node.path ? `${node.path}.${name}` : name;
            if (!isObj(node.value) || !(name in node.value)) {
              problems.push(`${file}: ${shown} reads ${path}, which values.yaml does not have`);
              continue;
            }
            checked.push({ file, path });
            next.push({ value: node.value[name], path });
          }
          return next.length ? { kind: "nodes", nodes: next } : UNKNOWN;
        }
      }
    };

    /** Resolves a reference (`$x.a.b`, `.a.b`, `$x`, `.`), checking each step. */
    const resolve = (variable: string | undefined, fields: string | undefined, shown: string): Dot => {
      let dot = variable === undefined ? top().dot : lookup(variable);
      for (const name of (fields ?? "").split(".").filter(Boolean)) dot = field(dot, name, shown);
      return dot;
    };

    /** Checks every reference in an expression; returns what the expression is, if it is one reference. */
    const scan = (expression: string): Dot => {
      let single: Dot = UNKNOWN;
      for (const m of expression.matchAll(REFERENCE)) {
        const variable = m[1] ?? m[3];
        const dot = resolve(variable, m[2], m[0]);
        const bare = expression
          .replace(/^\(|\)$/g, "")
          .replace(/^required\s+""\s+/, "")
          .trim();
        if (bare === m[0]) single = dot;
      }
      if (expression.trim() === ".") single = top().dot;
      return single;
    };

    /** The dot inside `range` over a collection: each of its default elements. */
    const elements = (collection: Dot): Dot => {
      if (collection.kind !== "nodes") return UNKNOWN;
      const nodes: { value: unknown; path: string }[] = [];
      for (const node of collection.nodes) {
        if (Array.isArray(node.value)) node.value.forEach((value, i) => nodes.push({ value, path: `${node.path}[${i}]` }));
        else if (isObj(node.value))
          for (const [key, value] of Object.entries(node.value)) nodes.push({ value, path: `${node.path}.${key}` });
      }
      return nodes.length ? { kind: "nodes", nodes } : UNKNOWN;
    };

    for (const action of actions) {
      const [, keyword = "", rest = ""] = /^(\w+)?\s*([\s\S]*)$/.exec(action) ?? [];
      const frame = top();
      switch (keyword) {
        case "if":
          scan(rest);
          frames.push({ keyword, dot: frame.dot, outerDot: frame.dot, vars: new Map() });
          break;
        case "with": {
          const vars = new Map<string, Dot>();
          const assignment = /^(\$\w+)\s*:?=\s*([\s\S]*)$/.exec(rest);
          const dot = scan(assignment ? assignment[2]! : rest);
          if (assignment) vars.set(assignment[1]!, dot);
          frames.push({ keyword, dot, outerDot: frame.dot, vars });
          break;
        }
        case "range": {
          const vars = new Map<string, Dot>();
          const assignment = /^(?:(\$\w+)\s*,\s*)?(\$\w+)\s*:?=\s*([\s\S]*)$/.exec(rest);
          const dot = elements(scan(assignment ? assignment[3]! : rest));
          if (assignment?.[1]) vars.set(assignment[1], UNKNOWN);
          if (assignment) vars.set(assignment[2]!, dot);
          frames.push({ keyword, dot, outerDot: frame.dot, vars });
          break;
        }
        case "define":
        case "block":
          frames.push({ keyword, dot: { kind: "args" }, outerDot: frame.dot, vars: new Map([["$", { kind: "args" }]]) });
          break;
        case "else": {
          frame.dot = frame.outerDot;
          const chained = /^(if|with)\s+([\s\S]*)$/.exec(rest);
          if (chained) {
            const dot = scan(chained[2]!);
            if (chained[1] === "with") frame.dot = dot;
          }
          break;
        }
        case "end":
          if (frames.length === 1) problems.push(`${file}: an {{ end }} without a block`);
          else frames.pop();
          break;
        default: {
          const assignment = /^(\$\w+)\s*(:?=)\s*([\s\S]*)$/.exec(action);
          if (assignment) {
            const dot = scan(assignment[3]!);
            if (assignment[2] === ":=") frame.vars.set(assignment[1]!, dot);
            else {
              // `$x = ...` reassigns the variable where it was declared.
              const owner = [...frames].reverse().find((f) => f.vars.has(assignment[1]!));
              (owner ?? frame).vars.set(assignment[1]!, dot);
            }
          } else scan(action);
        }
      }
    }
    if (frames.length !== 1) problems.push(`${file}: ${frames.length - 1} block(s) without {{ end }}`);
  }
  return { checked, problems };
}

// ---------------------------------------------------------------------------------------------

describe("the reference checker itself", () => {
  it("finds references that values.yaml does not have, in every kind of scope", () => {
    const { problems } = checkTemplateReferences([
      {
        file: "broken.yaml",
        text: [
          "{{ .Values.nope }}",
          "{{ $.Values.ingress.nope }}",
          "{{- range $name, $svc := .Values.services }}{{ $svc.image.nope }}{{ $svc.ports.grpc }}{{ end }}",
          "{{- with .Values.ingress }}{{ .className }}{{ .nope }}{{ end }}",
          "{{- range .Values.ingress.hosts }}{{ .host }}{{ .nope }}{{ end }}",
          '{{- define "x" }}{{ $svc := .svc }}{{ $svc.nope }}{{ .root.Values.alsoNope }}{{ end }}',
          "{{ $i := .Values.image }}{{ $i.nope }}",
        ].join("\n"),
      },
    ]);
    expect(problems.map((p) => p.replace(/^broken\.yaml: /, ""))).toEqual([
      ".Values.nope reads nope, which values.yaml does not have",
      "$.Values.ingress.nope reads ingress.nope, which values.yaml does not have",
      ...Object.keys(services).map((n) => `$svc.image.nope reads services.${n}.image.nope, which values.yaml does not have`),
      ".nope reads ingress.nope, which values.yaml does not have",
      ".nope reads ingress.hosts[0].nope, which values.yaml does not have",
      ...Object.keys(services).map((n) => `$svc.nope reads services.${n}.nope, which values.yaml does not have`),
      ".root.Values.alsoNope reads alsoNope, which values.yaml does not have",
      "$i.nope reads image.nope, which values.yaml does not have",
    ]);
  });

  it("ignores string literals, computed values and the else branch of a with", () => {
    const { problems } = checkTemplateReferences([
      {
        file: "fine.yaml",
        text: [
          '{{ printf "%s.%s" .Release.Name .Chart.Name }}',
          '{{ $x := include "t" . | fromYaml }}{{ $x.anything }}',
          "{{- with .Values.ingress.className }}{{ . }}{{ else }}{{ .Values.ingress.enabled }}{{ end }}",
          "{{/* {{ .Values.commentedOut }} */}}",
        ].join("\n"),
      },
    ]);
    expect(problems).toEqual([]);
  });
});

describe("Helm chart deploy/helm/tarmac", () => {
  it("Chart.yaml: apiVersion v2, versions, and NATS as an optional dependency", () => {
    expect(chart.apiVersion).toBe("v2");
    expect(chart.name).toBe("tarmac");
    expect(chart.type).toBe("application");
    expect(String(chart.version)).toMatch(/^\d+\.\d+\.\d+/);
    expect(String(chart.appVersion)).toMatch(/\S/);
    const dependencies = chart.dependencies as Obj[];
    expect(dependencies).toHaveLength(1);
    expect(dependencies[0]).toMatchObject({
      name: "nats",
      repository: "https://nats-io.github.io/k8s/helm/charts/",
      condition: "nats.enabled",
    });
    expect(String(dependencies[0]!.version)).toMatch(/\d/);
  });

  it("values.yaml: NATS with JetStream, MongoDB and secrets from existing Secrets", () => {
    const nats = values.nats as { enabled: unknown; config: { jetstream: { enabled: unknown } } };
    expect(nats.enabled).toBe(true);
    expect(nats.config.jetstream.enabled).toBe(true);
    expect(values.mongodb).toMatchObject({ existingSecret: expect.any(String), existingSecretKey: expect.any(String) });
    expect(values.secrets).toMatchObject({ existingSecret: expect.any(String) });
    expect(values.environment).toBe("production");
    expect(values.listenHost).toBe("0.0.0.0");
  });

  it("values.yaml: every service has image, replicas, resources, ports and probes, all entries alike", () => {
    expect(Object.keys(services).sort()).toEqual(["auth", "booking", "fare", "gateway", "search", "wallet"]);
    const shape = (svc: Obj) => Object.keys(svc).sort();
    for (const [name, svc] of Object.entries(services)) {
      expect(shape(svc), name).toEqual(shape(services.search!));
      expect(Object.keys(svc.image as Obj).sort(), name).toEqual(["pullPolicy", "repository", "tag"]);
      expect(Number.isInteger(svc.replicas) && (svc.replicas as number) >= 1, `${name}.replicas`).toBe(true);
      expect((svc.resources as { requests?: Obj }).requests, `${name}.resources.requests`).toMatchObject({
        cpu: expect.any(String),
        memory: expect.any(String),
      });
      expect(Object.keys(svc.ports as Obj).sort(), name).toEqual(["grpc", "http", "metrics"]);
      expect(Object.keys(svc.probes as Obj).sort(), name).toEqual(["liveness", "readiness", "startup"]);
      for (const peer of svc.peers as string[]) expect(Object.keys(services), `${name} calls ${peer}`).toContain(peer);
      for (const [variable, ref] of Object.entries(svc.secretEnv as Record<string, Obj>)) {
        expect(ref, `${name}.secretEnv.${variable}`).toMatchObject({ key: expect.any(String), optional: expect.any(Boolean) });
      }
    }
  });

  it("values.yaml: the ports, metrics ports, probes and call graph the services and the README use", () => {
    const ports = Object.fromEntries(Object.entries(services).map(([name, svc]) => [name, svc.ports]));
    expect(ports).toEqual({
      search: { grpc: 50051, http: null, metrics: 9464 },
      fare: { grpc: 50052, http: null, metrics: 9465 },
      booking: { grpc: 50053, http: null, metrics: 9466 },
      wallet: { grpc: 50054, http: null, metrics: 9467 },
      auth: { grpc: 50055, http: null, metrics: 9468 },
      gateway: { grpc: null, http: 8080, metrics: null },
    });
    const peers = Object.fromEntries(Object.entries(services).map(([name, svc]) => [name, [...(svc.peers as string[])].sort()]));
    expect(peers).toEqual({
      search: [],
      fare: ["search"],
      booking: ["fare", "search", "wallet"],
      wallet: [],
      auth: [],
      gateway: ["auth", "booking", "fare", "search", "wallet"],
    });
    const events = Object.entries(services)
      .filter(([, svc]) => svc.events === true)
      .map(([name]) => name);
    expect(events.sort()).toEqual(["booking", "wallet"]);
    const secretVariables = Object.fromEntries(
      Object.entries(services).map(([name, svc]) => [name, Object.keys(svc.secretEnv as Obj).sort()]),
    );
    expect(secretVariables).toEqual({
      search: ["TARMAC_CURSOR_SECRET"],
      fare: ["TARMAC_FARE_SECRET"],
      booking: [],
      wallet: ["TARMAC_WALLET_SECRET"],
      auth: ["SMS_GATEWAY_API_KEY", "SMTP_PASSWORD", "SMTP_URL", "SMTP_USER", "TARMAC_AUTH_SECRET"],
      gateway: [],
    });
    for (const [name, svc] of Object.entries(services)) {
      const probes = svc.probes as Record<string, { type: string; path?: string }>;
      if (name === "gateway") {
        // Its own health, not /readyz: one dependency's outage must not empty the gateway's Service.
        expect(probes.readiness).toMatchObject({ type: "http", path: "/healthz" });
        expect(probes.liveness).toMatchObject({ type: "http", path: "/healthz" });
      } else {
        expect(probes.readiness?.type, name).toBe("grpc");
        // Not grpc: a service reports NOT_SERVING while MongoDB or NATS is down, and restarting it
        // would not bring them back.
        expect(probes.liveness?.type, name).toBe("tcp");
      }
    }
  });

  it("templates: every values reference exists in values.yaml (every services entry for $svc)", () => {
    const { checked, problems } = checkTemplateReferences(templateSources());
    expect(problems).toEqual([]);
    const paths = new Set(checked.map((r) => r.path));
    // The checker saw the references that matter, in ranges and helpers alike.
    for (const path of [
      "mongodb.existingSecret",
      "mongodb.existingSecretKey",
      "secrets.existingSecret",
      "networkPolicy.gatewayFrom",
      "autoscaling",
      "ingress.hosts[0].paths",
      ...Object.keys(services).flatMap((n) => [
        `services.${n}.ports.grpc`,
        `services.${n}.ports.metrics`,
        `services.${n}.image.repository`,
        `services.${n}.secretEnv`,
        `services.${n}.probes`,
        `services.${n}.peers`,
      ]),
    ]) {
      expect(paths, path).toContain(path);
    }
  });

  it("templates: one file per kind ranging over services, helpers in _helpers.tpl", () => {
    const files = readdirSync(join(chartDir, "templates")).sort();
    expect(files).toEqual([
      "NOTES.txt",
      "_helpers.tpl",
      "configmap.yaml",
      "deployment.yaml",
      "hpa.yaml",
      "ingress.yaml",
      "networkpolicy.yaml",
      "pdb.yaml",
      "service.yaml",
      "serviceaccount.yaml",
      "servicemonitor.yaml",
    ]);
    for (const file of [
      "configmap.yaml",
      "deployment.yaml",
      "hpa.yaml",
      "networkpolicy.yaml",
      "pdb.yaml",
      "service.yaml",
      "serviceaccount.yaml",
      "servicemonitor.yaml",
    ]) {
      expect(read("templates", file), file).toContain("range $name, $svc := .Values.services");
    }
    for (const { file, text } of templateSources()) expect(text, `${file} has a tab`).not.toContain("\t");
  });

  it("ci/full-values.yaml (CI's second render) sets only values that values.yaml has", () => {
    const ciValues = parse(read("ci", "full-values.yaml")) as Obj;
    const unknown: string[] = [];
    const walk = (given: unknown, defaults: unknown, path: string, depth: number) => {
      if (!isObj(given) || isFreeForm(path, depth)) return;
      for (const [key, value] of Object.entries(given)) {
        const here = path ? `${path}.${key}` : key;
        if (!isObj(defaults) || !(key in defaults)) unknown.push(here);
        else walk(value, defaults[key], here, depth + 1);
      }
    };
    walk(ciValues, values, "", 0);
    expect(unknown).toEqual([]);
  });

  it("README.md documents every value: each top-level key and each leaf, services as services.<name>", () => {
    const readme = read("README.md");
    const documented = (path: string) => readme.includes(`\`${path}\``);
    const missingTop = Object.keys(values).filter((key) => !documented(key) && !readme.includes(`\`${key}.`));
    expect(missingTop).toEqual([]);
    const missing = documentedPaths().filter((path) => !documented(path));
    expect(missing).toEqual([]);
    // Installation with an external MongoDB, the Secrets to create, NATS on and off, reaching the gateway.
    for (const topic of [
      /kubectl (-n \S+ )?create secret generic tarmac-mongodb/,
      /kubectl (-n \S+ )?create secret generic tarmac-secrets/,
      /mongodb\+srv:\/\//,
      /helm install tarmac deploy\/helm\/tarmac/,
      /--set nats\.enabled=false/,
      /`nats\.enabled: true`/,
      /events\.natsUrl/,
      /port-forward service\/tarmac-gateway/,
    ]) {
      expect(topic.test(readme), String(topic)).toBe(true);
    }
  });
});

/**
 * Keys whose value is documented as a whole (free-form maps, or settings documented in one row).
 * The top-level autoscaling and pdb have a row per setting; per service they are free-form overrides.
 */
const FREE_FORM = new Set([
  "resources",
  "env",
  "secretEnv",
  "podAnnotations",
  "podLabels",
  "nodeSelector",
  "affinity",
  "annotations",
  "labels",
  "podSecurityContext",
  "securityContext",
  "podSelector",
  "startup",
  "readiness",
  "liveness",
  "autoscaling",
  "pdb",
]);

function isFreeForm(path: string, depth: number): boolean {
  const key = path.split(".").pop()!;
  return FREE_FORM.has(key) && !(depth === 1 && (key === "autoscaling" || key === "pdb"));
}

/** Every value's path as the README names it: leaves, free-form keys and lists as a whole. */
function documentedPaths(): string[] {
  const paths = new Set<string>();
  const walk = (node: unknown, path: string, depth: number) => {
    const wholeValue = !isObj(node) || Object.keys(node).length === 0 || isFreeForm(path, depth);
    if (path && wholeValue) {
      paths.add(path);
      return;
    }
    for (const [child, value] of Object.entries(node as Obj)) {
      if (path === "services") for (const svc of Object.values(services)) walk(svc, "services.<name>", depth + 1);
      else walk(value, path ? `${path}.${child}` : child, depth + 1);
      if (path === "services") break;
    }
  };
  walk(values, "", 0);
  return [...paths].sort();
}
