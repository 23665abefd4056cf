/**
 * The Helm chart in deploy/helm/tarmac, checked structurally without helm: Chart.yaml and
 * values.yaml parse and match the services and ports the code uses, the templates range over one
 * services map, and the chart README documents every value. Rendering is proven where a Helm
 * binary exists: the users' CI job `chart` runs helm lint and `helm template | kubeconform`.
 */ import { readdirSync, readFileSync } from "node:fs";
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
    expect(Object.keys(services).sort()).toEqual(["airline", "auth", "booking", "fare", "gateway", "search", "wallet"]);
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
      airline: { grpc: 50056, http: null, metrics: 9469 },
      gateway: { grpc: null, http: 8080, metrics: 9463 },
    });
    const peers = Object.fromEntries(Object.entries(services).map(([name, svc]) => [name, [...(svc.peers as string[])].sort()]));
    expect(peers).toEqual({
      search: ["airline"],
      fare: ["airline", "search"],
      booking: ["airline", "fare", "search", "wallet"],
      wallet: [],
      auth: [],
      airline: [],
      gateway: ["auth", "booking", "fare", "search", "wallet"],
    });
    // The sandbox airline is one airline system: one pod, never two, even during a rollout.
    const singletons = Object.entries(services).filter(([, svc]) => svc.singleton === true);
    expect(singletons.map(([name]) => name)).toEqual(["airline"]);
    expect(services.airline).toMatchObject({ enabled: true, replicas: 1, externalUrl: "" });
    const deployment = read("templates", "deployment.yaml");
    expect(deployment).toMatch(/if \$svc\.singleton \}\}\s+replicas: 1/);
    expect(deployment).toMatch(/if \$svc\.singleton \}\}\s+# [^\n]*\n\s+type: Recreate/);
    expect(read("templates", "_helpers.tpl")).toMatch(/if \.svc\.singleton -\}\}\s+enabled: false/);
    // Disabled (production, with a real provider), its callers get services.airline.externalUrl or rendering fails.
    expect(read("templates", "_helpers.tpl")).toMatch(
      /if not \$peerValues\.enabled -\}\}\s+\{\{- required [^\n]*externalUrl[^\n]*\$peerValues\.externalUrl/,
    );
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
      airline: [],
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
    for (const file of files) expect(read("templates", file), `${file} has a tab`).not.toContain("\t");
  });

  it("the users' CI lints the chart and validates both renders with kubeconform", () => {
    const workflow = parse(readFileSync(join(chartDir, "../../../.github/workflows/ci.yml"), "utf8")) as Obj;
    const chartJob = (workflow.jobs as Record<string, { steps: { run?: string }[] }>).chart;
    const runs = (chartJob?.steps ?? []).map((step) => step.run ?? "").join("\n");
    expect(runs).toMatch(/helm lint --strict "\$CHART" -f "\$CHART\/ci\/full-values.yaml"/);
    expect(runs.match(/helm template [^\n]*\n?[^\n]*\| kubeconform -strict/g)).toHaveLength(2);
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
