/**
 * The Helm chart in deploy/helm/tarmac, checked structurally without helm: Chart.yaml and
 * values.yaml parse and match the services and ports the code uses, the templates range over one
 * services map, and the chart README documents every value. Rendering is proven where a Helm
 * binary exists: the users' CI job `chart` runs helm lint and `helm template | kubeconform`.
 */ import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { Ajv } from "ajv";
import { parse } from "yaml";

const chartDir = join(dirname(fileURLToPath(import.meta.url)), "../../../deploy/helm/tarmac");
const read = (...path: string[]) => readFileSync(join(chartDir, ...path), "utf8");

type Obj = Record<string, unknown>;
const isObj = (value: unknown): value is Obj => typeof value === "object" && value !== null && !Array.isArray(value);

const chart = parse(read("Chart.yaml")) as Obj;
const values = parse(read("values.yaml")) as Obj;
const services = values.services as Record<string, Obj>;

describe("Helm chart deploy/helm/tarmac", () => {
  it("Chart.yaml: apiVersion v2, versions, and no dependency (it renders without network)", () => {
    expect(chart.apiVersion).toBe("v2");
    expect(chart.name).toBe("tarmac");
    expect(chart.type).toBe("application");
    expect(String(chart.version)).toMatch(/^\d+\.\d+\.\d+/);
    expect(String(chart.appVersion)).toMatch(/\S/);
    // Helm refuses a dependency missing from charts/ even when its condition is false, so NATS is
    // the chart's own StatefulSet (templates/nats.yaml) behind nats.enabled.
    expect(chart.dependencies).toBeUndefined();
    const nats = read("templates", "nats.yaml");
    expect(nats).toMatch(/^\{\{- if \.Values\.nats\.enabled \}\}$/m);
    expect(nats).toContain("kind: StatefulSet");
    expect(nats).toContain("volumeClaimTemplates:");
    expect(read("templates", "_helpers.tpl")).toMatch(/jetstream \{\n\s+store_dir: \/data/);
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
    expect(Object.keys(services).sort()).toEqual(["airline", "auth", "booking", "fare", "gateway", "search", "wallet", "webhooks"]);
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
      webhooks: { grpc: 50057, http: null, metrics: 9470 },
      gateway: { grpc: null, http: 8080, metrics: 9463 },
    });
    const peers = Object.fromEntries(Object.entries(services).map(([name, svc]) => [name, [...(svc.peers as string[])].sort()]));
    expect(peers).toEqual({
      search: ["airline"],
      fare: ["airline", "search"],
      booking: ["airline", "auth", "fare", "search", "wallet"],
      wallet: ["auth"],
      auth: [],
      airline: [],
      webhooks: [],
      gateway: ["auth", "booking", "fare", "search", "wallet", "webhooks"],
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
    // auth announces credential notices, the gateway hears them (with booking and wallet).
    expect(events.sort()).toEqual(["auth", "booking", "gateway", "wallet", "webhooks"]);
    const secretVariables = Object.fromEntries(
      Object.entries(services).map(([name, svc]) => [name, Object.keys(svc.secretEnv as Obj).sort()]),
    );
    expect(secretVariables).toEqual({
      search: ["TARMAC_CURSOR_SECRET"],
      fare: ["TARMAC_FARE_SECRET"],
      booking: ["TARMAC_BOOKING_SECRET"],
      wallet: ["TARMAC_WALLET_SECRET"],
      auth: ["SMS_GATEWAY_API_KEY", "SMTP_PASSWORD", "SMTP_URL", "SMTP_USER", "TARMAC_AUTH_SECRET"],
      airline: [],
      webhooks: ["TARMAC_WEBHOOKS_SECRET", "WEBHOOK_SECRET_KEY"],
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
      "admin-job.yaml",
      "configmap.yaml",
      "deployment.yaml",
      "hpa.yaml",
      "ingress.yaml",
      "nats.yaml",
      "networkpolicy.yaml",
      "pdb.yaml",
      "prometheusrule.yaml",
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

  it("prometheusRule: alerts on the reconciliation metrics booking publishes, scoped to the release, off by default", () => {
    const rule = read("templates", "prometheusrule.yaml");
    expect(values.prometheusRule).toMatchObject({ enabled: false, for: expect.any(String), staleAfterSeconds: expect.any(Number) });
    expect(rule).toMatch(/^\{\{- if and \.Values\.prometheusRule\.enabled \.Values\.metrics\.enabled \}\}$/m);
    expect(rule).toContain("kind: PrometheusRule");
    const loop = readFileSync(join(chartDir, "../../../services/booking/src/reconciliation/reconciliation-loop.ts"), "utf8");
    for (const metric of ["reconciliation_discrepancies", "reconciliation_last_run_timestamp_seconds"]) {
      expect(loop, `booking publishes ${metric}`).toContain(`name: "${metric}"`);
      // Each expression selects the release's namespace, so two releases in one Prometheus never alert for each other.
      expect(rule).toContain(`${metric}{ {{- $selector -}} }`);
    }
    expect(rule).toMatch(
      /alert: TarmacReconciliationDiscrepancy\n\s+expr: max by \(kind\) \(reconciliation_discrepancies\{[^\n]*\}\) > 0\n\s+for:/,
    );
    // Prometheus's own template braces pass through Helm as text.
    expect(rule).toContain('{{ `"Reconciliation found {{ $value }} {{ $labels.kind }} discrepancies"` }}');
  });

  it("the users' CI lints the chart, validates three renders with kubeconform and checks that mistakes fail", () => {
    const workflow = parse(readFileSync(join(chartDir, "../../../.github/workflows/ci.yml"), "utf8")) as Obj;
    const chartJob = (workflow.jobs as Record<string, { steps: { run?: string }[] }>).chart;
    const runs = (chartJob?.steps ?? []).map((step) => step.run ?? "").join("\n");
    expect(runs).toMatch(/helm lint --strict "\$CHART" -f "\$CHART\/ci\/full-values.yaml"/);
    // Defaults, ci/full-values.yaml, a NATS cluster; no dependency to fetch first.
    expect(runs.match(/helm template [^\n]*\n?[^\n]*\| kubeconform -strict/g)).toHaveLength(3);
    expect(runs).not.toContain("helm dependency");
    // values.schema.json: mistakes fail the render.
    expect(runs).toMatch(/--set services\.booking\.replcias=3[\s\S]*if helm template tarmac "\$CHART" \$bad[\s\S]*exit 1/);
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

describe("values.schema.json (Helm validates every install, upgrade, lint and template against it)", () => {
  const schema = JSON.parse(read("values.schema.json")) as Obj;
  const validate = new Ajv({ allErrors: true, strict: true, strictRequired: false, allowUnionTypes: true }).compile(schema);
  const errors = (given: unknown) => (validate(given) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`));
  const withValues = (overrides: Obj) => coalesce(structuredClone(values), overrides);

  it("is JSON Schema draft 7 and accepts values.yaml and ci/full-values.yaml over it", () => {
    expect(schema.$schema).toBe("http://json-schema.org/draft-07/schema#");
    expect(errors(values)).toEqual([]);
    expect(errors(withValues(parse(read("ci", "full-values.yaml")) as Obj))).toEqual([]);
    // The README's examples.
    expect(
      errors(
        withValues({
          nats: { enabled: false },
          events: { natsUrl: "nats://nats.messaging.svc.cluster.local:4222" },
          adminJob: { enabled: true, args: ["agents", "create", "--name", "Sky Travels", "--email", "ops@skytravels.example"] },
          callerAuth: { trustedCallers: ["gateway:2026-11:MCowBQYDK2VwAyEAGb9ECWmEzf6FQbrBZ9w7lshQhqowtrbLDFw4rXAxZuE"] },
          services: {
            booking: {
              allowFrom: [{ namespaceSelector: { matchLabels: { "kubernetes.io/metadata.name": "reports" } } }],
              callerGrants: { reports: ["GetBooking", "ListBookings"] },
            },
            wallet: { allowFrom: [{ ipBlock: { cidr: "10.20.0.0/16" } }], callerGrants: { "ops-bot": ["TopUp"] } },
          },
        }),
      ),
    ).toEqual([]);
  });

  it("refuses a mistyped key at every level that is not a free-form map", () => {
    const accepted: string[] = [];
    const visit = (node: unknown, path: string[]) => {
      if (!isObj(node)) return;
      if (!OPEN_MAPS.has(path.at(-1) ?? "")) {
        const given = structuredClone(values);
        let at: Obj = given;
        for (const key of path) at = at[key] as Obj;
        at.replcias = 2;
        if (errors(given).length === 0) accepted.push([...path, "replcias"].join("."));
      }
      for (const [key, value] of Object.entries(node)) visit(value, [...path, key]);
    };
    visit(values, []);
    expect(accepted).toEqual([]);
    // What Helm passes when the chart is another chart's dependency is not a mistake.
    expect(errors(withValues({ global: { imageRegistry: "registry.example.com" }, enabled: true }))).toEqual([]);
    // A service that is not there (a typo of one that is) lacks every required key.
    expect(errors(withValues({ services: { bookng: { replicas: 3 } } }))).not.toEqual([]);
  });

  it("refuses wrong types, values outside the enums and malformed entries", () => {
    for (const overrides of [
      { environment: "prod" },
      { logLevel: "verbose" },
      { networkPolicy: { extraIngress: [] } },
      { services: { booking: { replicas: "3" } } },
      { services: { booking: { ports: { grpc: 70000 } } } },
      { services: { booking: { allowFrom: [{ namespaceSelctor: {} }] } } },
      { services: { booking: { allowFrom: [{}] } } },
      { services: { booking: { callerGrants: { reports: [] } } } },
      { services: { booking: { callerGrants: { reports: "GetBooking" } } } },
      { services: { booking: { probes: { readiness: { type: "exec" } } } } },
      { callerAuth: { trustedCallers: ["no-kid"] } },
      { nats: { config: { jetstream: { enabled: false } } } },
      { nats: { natsBox: { enabled: false } } },
      { events: { natsUrl: "http://nats:4222" } },
      { events: { replicas: 2 } },
      { peerBalancing: "dns" },
      { shutdown: { preStopSleepSeconds: -1 } },
      { shutdown: { drainDelaySeconds: "5s" } },
      { events: { maxBytes: "8Gi" } },
      { events: { maxAgeSeconds: 0 } },
      { pdb: { minAvailable: "half" } },
      { adminJob: { args: "agents list" } },
    ] as Obj[]) {
      expect(errors(withValues(overrides)), JSON.stringify(overrides)).not.toEqual([]);
    }
  });
});

describe("templates read only values that exist", () => {
  /** The values object a template variable stands for. */
  const roots: Record<string, (path: string[]) => boolean> = {
    Values: (path) => exists(values, path),
    svc: (path) => Object.values(services).every((svc) => exists(svc, path)),
    job: (path) => exists(values.adminJob, path),
    nats: (path) => exists(values.nats, path),
    config: (path) => exists((values.nats as Obj).config, path),
  };
  it("every .Values, $svc, $job, $nats and $config path in the templates is in values.yaml", () => {
    const missing: string[] = [];
    for (const file of readdirSync(join(chartDir, "templates"))) {
      const text = read("templates", file);
      for (const match of text.matchAll(/(?:\$(svc|job|nats|config)|\.(Values))((?:\.[A-Za-z_][A-Za-z0-9_]*)+)/g)) {
        const root = match[1] ?? match[2]!;
        const path = match[3]!.slice(1).split(".");
        if (!roots[root]!(path)) missing.push(`${file}: ${match[0]}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("NetworkPolicies: the call graph, the admin Job and services.<name>.allowFrom, never one rule for every service", () => {
    const policy = read("templates", "networkpolicy.yaml");
    expect(policy).toContain('include "tarmac.callers" $ctx');
    expect(policy).toMatch(
      /with \$allowFrom \}\}[\s\S]*?from:\s+\{\{- toYaml \. \| nindent 8 \}\}\s+ports:\s+- port: \{\{ \$servingPort \}\}/,
    );
    for (const file of readdirSync(join(chartDir, "templates"))) expect(read("templates", file), file).not.toContain("extraIngress");
    expect(read("templates", "_helpers.tpl")).toMatch(/adminJob\.enabled \(has \.name \(\$root\.Values\.adminJob\.peers/);
  });

  it("caller authentication: SERVICE_CREDENTIAL from the Secret by workload name, TRUSTED_CALLERS and CALLER_GRANTS in the ConfigMap", () => {
    const helpers = read("templates", "_helpers.tpl");
    expect(helpers).toMatch(
      /- name: SERVICE_CREDENTIAL\n\s+valueFrom:\n\s+secretKeyRef:\n\s+name: [^\n]*callerAuth\.existingSecret[^\n]*\n\s+key: \{\{ \.name \| quote \}\}/,
    );
    expect(helpers).toContain('set $data "TRUSTED_CALLERS" (join "," ($root.Values.callerAuth.trustedCallers');
    expect(helpers).toContain('set $data "CALLER_GRANTS"');
    expect(helpers).toMatch(/printf "%s=%s" \$caller \(join "," \$methods\)[\s\S]*join ";" \$grants/);
    for (const file of ["deployment.yaml", "admin-job.yaml"]) {
      expect(read("templates", file), file).toContain('include "tarmac.serviceCredentialEnv" $ctx');
    }
    expect(values.callerAuth).toEqual({ enabled: true, existingSecret: "tarmac-service-credentials", trustedCallers: [] });
  });

  it("the events stream: 3 replicas with the bundled NATS cluster, else 1 or events.replicas; age, size and dedup limits", () => {
    const helpers = read("templates", "_helpers.tpl");
    expect(helpers).toMatch(
      /define "tarmac\.streamReplicas" -\}\}\n\{\{- if \.Values\.events\.replicas -\}\}\n\{\{- int \.Values\.events\.replicas -\}\}\n\{\{- else if and \.Values\.nats\.enabled \.Values\.nats\.config\.cluster\.enabled \(not \.Values\.events\.natsUrl\) -\}\}\n3\n\{\{- else -\}\}\n1\n/,
    );
    for (const [variable, value] of [
      ["NATS_STREAM_REPLICAS", '(include "tarmac.streamReplicas" $root)'],
      ["NATS_STREAM_MAX_AGE_SECONDS", '(include "tarmac.envValue" $root.Values.events.maxAgeSeconds)'],
      ["NATS_STREAM_MAX_BYTES", '(include "tarmac.envValue" $root.Values.events.maxBytes)'],
      ["NATS_DUPLICATE_WINDOW_SECONDS", '(include "tarmac.envValue" $root.Values.events.duplicateWindowSeconds)'],
    ]) {
      expect(helpers).toContain(`set $data "${variable}" ${value}`);
    }
    expect(values.events).toMatchObject({ replicas: 0, maxAgeSeconds: 604800, maxBytes: 8 * 1024 ** 3, duplicateWindowSeconds: 120 });
    // The size limit leaves room on each server's volume: a full volume stops publishing.
    const pvc = ((values.nats as Obj).config as { jetstream: { fileStore: { pvc: { size: string } } } }).jetstream.fileStore.pvc.size;
    expect(Number(/^(\d+)Gi$/.exec(pvc)?.[1]) * 1024 ** 3).toBeGreaterThan((values.events as { maxBytes: number }).maxBytes);
  });

  it("shutdown: a preStop sleep on every workload, DRAIN_DELAY_MS for the gRPC services, and a grace period that covers both", () => {
    const deployment = read("templates", "deployment.yaml");
    expect(deployment).toMatch(
      /\{\{- with \$\.Values\.shutdown\.preStopSleepSeconds \}\}\n\s+lifecycle:\n(\s+#[^\n]*\n)*\s+preStop:\n\s+sleep:\n\s+seconds: \{\{ int \. \}\}/,
    );
    expect(deployment).toContain(
      "le (int $.Values.terminationGracePeriodSeconds) (add (int $shutdown.preStopSleepSeconds) (int $shutdown.drainDelaySeconds) 10)",
    );
    expect(read("templates", "_helpers.tpl")).toContain(
      'set $data "DRAIN_DELAY_MS" (toString (mul (int $root.Values.shutdown.drainDelaySeconds) 1000))',
    );
    const shutdown = values.shutdown as { preStopSleepSeconds: number; drainDelaySeconds: number };
    expect(shutdown).toEqual({ preStopSleepSeconds: 5, drainDelaySeconds: 0 });
    expect(values.terminationGracePeriodSeconds as number).toBeGreaterThan(shutdown.preStopSleepSeconds + shutdown.drainDelaySeconds + 10);
  });

  it("peer balancing: with client, a headless -peers Service per gRPC service, the callers' URLs on it, round-robin on", () => {
    expect(values.peerBalancing).toBe("client");
    const service = read("templates", "service.yaml");
    expect(service).toMatch(
      /\{\{- if and \$svc\.ports\.grpc \(eq \$\.Values\.peerBalancing "client"\) \}\}[\s\S]*?name: \{\{ include "tarmac\.componentName" \$ctx \}\}-peers[\s\S]*?clusterIP: None[\s\S]*?targetPort: grpc/,
    );
    const helpers = read("templates", "_helpers.tpl");
    expect(helpers).toContain('$suffix := ternary "-peers" "" (eq $root.Values.peerBalancing "client")');
    expect(helpers).toMatch(
      /printf "http:\/\/%s%s\.%s\.svc\.%s:%d" \(include "tarmac\.componentName" \(dict "root" \$root "name" \.peer\)\) \$suffix/,
    );
    expect(helpers).toContain('set $data "TARMAC_PEER_BALANCING" (ternary "round-robin" "off" (eq $root.Values.peerBalancing "client"))');
    // "mesh" is documented as a requirement, not a silent fallback.
    expect(read("README.md")).toMatch(/`mesh`[^|]*\*\*requires\*\* a service mesh/);
  });

  it("the admin Job runs the admin image with adminJob.args and the URLs of adminJob.peers", () => {
    const job = read("templates", "admin-job.yaml");
    expect(job).toMatch(/^\{\{- if \.Values\.adminJob\.enabled \}\}$/m);
    expect(job).toContain('$ctx := dict "root" $ "name" "admin" "svc" $job');
    expect(job).toContain('include "tarmac.image" $ctx');
    expect(job).toMatch(/args:\n\s+\{\{- range \$arg := \$job\.args \}\}/);
    expect(job).toContain("restartPolicy: Never");
    expect(values.adminJob).toMatchObject({ enabled: false, args: [], peers: ["auth", "wallet"] });
  });
});

/** Whether a path leads into values.yaml (stopping at a leaf, a list or a free-form map). */
function exists(node: unknown, path: string[]): boolean {
  let at = node;
  for (const key of path) {
    if (!isObj(at) || Object.keys(at).length === 0 || FREE_FORM.has(key)) return isObj(at) && (key in at || Object.keys(at).length === 0);
    if (!(key in at)) return false;
    at = at[key];
  }
  return true;
}

/** Helm's coalescing of values files: maps merge, anything else replaces, null deletes. */
function coalesce(base: Obj, overrides: Obj): Obj {
  const merged: Obj = { ...base };
  for (const [key, value] of Object.entries(overrides)) {
    const current = merged[key];
    if (value === null) Reflect.deleteProperty(merged, key);
    else merged[key] = isObj(value) && isObj(current) ? coalesce(current, value) : value;
  }
  return merged;
}

/** Maps whose keys are the user's (variables, labels, annotations, callers): any key is valid. */
const OPEN_MAPS = new Set([
  "env",
  "secretEnv",
  "podAnnotations",
  "annotations",
  "labels",
  "podLabels",
  "nodeSelector",
  "podSecurityContext",
  "securityContext",
  "affinity",
  "callerGrants",
  "requests",
  "limits",
  "capabilities",
  "seccompProfile",
  "podSelector",
  "matchLabels",
]);

/**
 * Keys whose value is documented as a whole (free-form maps, or settings documented in one row).
 * The top-level autoscaling and pdb have a row per setting; per service they are free-form overrides.
 */
const FREE_FORM = new Set([
  "resources",
  "env",
  "callerGrants",
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
