import { existsSync, readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { airlineConfigSchema } from "@tarmac/airline";
import { authConfigSchema } from "@tarmac/auth";
import { bookingConfigSchema } from "@tarmac/booking";
import { fareConfigSchema } from "@tarmac/fare";
import { gatewayConfigSchema } from "@tarmac/gateway";
import { ConfigError, parseConfig } from "@tarmac/kernel";
import { searchConfigSchema } from "@tarmac/search";
import { walletConfigSchema } from "@tarmac/wallet";
import { webhooksConfigSchema } from "@tarmac/webhooks";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { productionCallerEnv } from "@tarmac/kernel/testing";
import { ENTRY_POINTS, type Deployable } from "./build/build-service.js";

/**
 * deploy/compose.yaml and deploy/docker/Dockerfile, checked without Docker: the compose file is
 * parsed (YAML merge keys resolved, as compose does), its variables interpolated the way compose
 * does, and each service's environment is read by that service's own configuration schema, so the
 * wiring is checked against what the services actually read.
 */

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
const deployDir = resolve(root, "deploy");
const composeText = readFileSync(resolve(deployDir, "compose.yaml"), "utf8");
const dockerfile = readFileSync(resolve(deployDir, "docker/Dockerfile"), "utf8");

interface ComposeService {
  image?: string;
  build?: { context: string; dockerfile: string; args?: Record<string, string> };
  command?: string[];
  environment?: Record<string, string | number | null>;
  ports?: string[];
  volumes?: string[];
  tmpfs?: string[];
  read_only?: boolean;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
}
const compose = parse(composeText, { merge: true }) as { services: Record<string, ComposeService> };
const services = compose.services;

/** The seven images and the port each listens on (README: gateway PORT 8080, services 50051..50056). */
const ports = {
  search: 50051,
  fare: 50052,
  booking: 50053,
  wallet: 50054,
  auth: 50055,
  airline: 50056,
  webhooks: 50057,
  gateway: 8080,
} as const;
type App = keyof typeof ports;
const apps = Object.keys(ports) as App[];

const secrets = {
  TARMAC_CURSOR_SECRET: "search",
  TARMAC_FARE_SECRET: "fare",
  TARMAC_BOOKING_SECRET: "booking",
  TARMAC_WALLET_SECRET: "wallet",
  TARMAC_AUTH_SECRET: "auth",
  TARMAC_WEBHOOKS_SECRET: "webhooks",
} as const;
/** What a deploy/.env would hold: the five secrets, 32+ characters each, and the caller credentials. */
const dotEnv: Record<string, string> = {
  ...Object.fromEntries(Object.keys(secrets).map((name) => [name, `${name.toLowerCase()}-0123456789abcdef0123456789`])),
  ...Object.fromEntries(apps.map((app) => [`${app.toUpperCase()}_CREDENTIAL`, productionCallerEnv(app).SERVICE_CREDENTIAL])),
  TRUSTED_CALLERS: productionCallerEnv("gateway").TRUSTED_CALLERS,
  WEBHOOK_SECRET_KEY: `k1:${"ab".repeat(32)}`,
  // A GSTIN of Maharashtra with its check character: production refuses the development one.
  TARMAC_GSTIN: "27AABCT1332L1ZE",
};

/** Compose's interpolation: ${VAR}, ${VAR:-default}, ${VAR-default}, ${VAR:?error}, ${VAR?error}. */
function interpolate(value: string, vars: Record<string, string | undefined>): string {
  return value.replace(
    /\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?)([-?])([^}]*))?\}/g,
    (_, name: string, colon?: string, op?: string, arg?: string) => {
      const set = vars[name];
      const missing = colon ? set === undefined || set === "" : set === undefined;
      if (op === "?" && missing) throw new Error(`required variable ${name} is missing a value: ${arg}`);
      if (op === "-" && missing) return arg ?? "";
      return set ?? "";
    },
  );
}

/** A service's container environment as compose computes it (a key without a value passes the variable through when set). */
function containerEnv(name: string, vars: Record<string, string | undefined> = dotEnv): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(services[name]!.environment ?? {})) {
    if (value === null) {
      if (vars[key] !== undefined) env[key] = vars[key]!;
    } else {
      env[key] = interpolate(String(value), vars);
    }
  }
  return env;
}

const schemas = {
  search: searchConfigSchema,
  fare: fareConfigSchema,
  booking: bookingConfigSchema,
  wallet: walletConfigSchema,
  auth: authConfigSchema,
  airline: airlineConfigSchema,
  webhooks: webhooksConfigSchema,
  gateway: gatewayConfigSchema,
};
/** The service's configuration, read by its own schema from its compose environment (and nothing else). */
const configOf = (app: App, vars?: Record<string, string | undefined>): Record<string, unknown> =>
  parseConfig(schemas[app], containerEnv(app, vars));

describe("deploy/compose.yaml", () => {
  it("names MongoDB, NATS, the five services, the sandbox airline and the gateway, and nothing else", () => {
    expect(Object.keys(services).sort()).toEqual([...apps, "mongo", "nats"].sort());
  });

  it("uses $ only for interpolation (a bare $ would be read as a variable)", () => {
    expect(composeText.replace(/\$\{[^}]+\}/g, "")).not.toContain("$");
  });

  it.each(apps)("%s is built from the one Dockerfile with its SERVICE argument", (app) => {
    const build = services[app]!.build!;
    const context = resolve(deployDir, build.context);
    expect(context).toBe(root);
    expect(resolve(context, build.dockerfile)).toBe(resolve(deployDir, "docker/Dockerfile"));
    expect(build.args).toEqual({ SERVICE: app });
    expect(services[app]!.image).toBe(`tarmac-${app}:local`);
    // What the Dockerfile compiles for that argument: @tarmac/<SERVICE>'s src/main.ts, an entry
    // point `pnpm build` knows (build-service.test.ts runs a compiled one).
    const dir = app === "gateway" ? resolve(root, "gateway") : resolve(root, "services", app);
    const manifest = JSON.parse(readFileSync(resolve(dir, "package.json"), "utf8")) as {
      name: string;
      dependencies: Record<string, string>;
    };
    expect(manifest.name).toBe(`@tarmac/${app}`);
    expect(existsSync(resolve(dir, "src/main.ts"))).toBe(true);
    expect(resolve(root, ENTRY_POINTS[app as Deployable])).toBe(resolve(dir, "src/main.ts"));
  });

  it.each(apps)("%s runs read-only, with a tmpfs /tmp and no other writable mount", (app) => {
    const service = services[app]!;
    expect(service.read_only).toBe(true);
    expect(service.tmpfs).toEqual(["/tmp"]);
    expect(service.volumes).toBeUndefined();
  });

  it.each(apps)("%s listens on 0.0.0.0 at its port, in production, on the replica set", (app) => {
    const config = configOf(app);
    expect(config.environment).toBe("production");
    expect(config.host).toBe("0.0.0.0");
    expect(config.port).toBe(ports[app]);
    expect(config.mongoUri).toBe("mongodb://mongo:27017/?replicaSet=rs0");
    expect(config.mongoDb).toBe("tarmac");
  });

  it.each(apps)("%s reaches every peer it reads by service name and that service's port", (app) => {
    const config = configOf(app);
    const peerUrls = Object.entries(config).filter(([key]) => /^[a-z]+Url$/.test(key));
    for (const [key, url] of peerUrls) {
      const peer = key.slice(0, -"Url".length) as App;
      expect(apps, `${app}.${key}`).toContain(peer);
      expect(url, `${app}.${key}`).toBe(`http://${peer}:${ports[peer]}`);
    }
    // And nothing is left pointing at the services' loopback defaults.
    expect(JSON.stringify(config)).not.toMatch(/127\.0\.0\.1|localhost/);
  });

  it("wires the gateway to all five services, fare to search, booking to fare, wallet, search and auth, wallet to auth, and search, fare and booking to the one airline", () => {
    const peersOf = (app: App) =>
      Object.keys(configOf(app))
        .filter((key) => /^[a-z]+Url$/.test(key))
        .map((key) => key.slice(0, -3))
        .sort();
    expect(peersOf("gateway")).toEqual(["auth", "booking", "fare", "search", "wallet", "webhooks"]);
    expect(peersOf("fare")).toEqual(["airline", "search"]);
    expect(peersOf("booking")).toEqual(["airline", "auth", "fare", "search", "wallet"]);
    expect(peersOf("wallet")).toEqual(["auth"]);
    expect(peersOf("search")).toEqual(["airline"]);
    for (const app of ["auth", "airline"] as const) expect(peersOf(app)).toEqual([]);
  });

  it("publishes the gateway's port 8080, and auth and wallet only on the host's loopback", () => {
    expect(services.gateway!.ports).toEqual(["${TARMAC_HTTP_PORT:-8080}:8080"]);
    expect(interpolate(services.gateway!.ports![0]!, {})).toBe("8080:8080");
    for (const app of ["auth", "wallet"] as const) {
      expect(services[app]!.ports!.map((p) => interpolate(p, {}))).toEqual([`127.0.0.1:${ports[app]}:${ports[app]}`]);
    }
    for (const app of ["search", "fare", "booking", "airline", "mongo", "nats"]) expect(services[app]!.ports).toBeUndefined();
  });

  it("gives each secret only to the service that reads it, and refuses to start without it", () => {
    for (const [secret, owner] of Object.entries(secrets)) {
      for (const app of apps) expect(Object.keys(services[app]!.environment!).includes(secret), `${secret} in ${app}`).toBe(app === owner);
      const { [secret]: _, ...withoutIt } = dotEnv;
      expect(() => containerEnv(owner, withoutIt)).toThrow(secret);
      expect(() => containerEnv(owner, { ...dotEnv, [secret]: "" })).toThrow(secret);
    }
  });

  it("passes production's own checks: secrets of 32+ characters, no development OTP delivery", () => {
    expect(() => configOf("search", { ...dotEnv, TARMAC_CURSOR_SECRET: "too-short" })).toThrow(ConfigError);
    expect(() => configOf("auth", { ...dotEnv, OTP_EMAIL_DELIVERY: "development" })).toThrow(/OTP_EMAIL_DELIVERY/);
    // One-time codes are off until configured; the optional SMTP/SMS variables pass through when set.
    expect(configOf("auth")).toMatchObject({ otpDelivery: { email: "disabled", sms: "disabled" } });
    const smtp = configOf("auth", {
      ...dotEnv,
      OTP_EMAIL_DELIVERY: "smtp",
      SMTP_URL: "smtps://mail.example:465",
      SMTP_FROM: "Tarmac <no-reply@example.com>",
    });
    expect(smtp).toMatchObject({ otpDelivery: { email: "smtp", smtp: { url: "smtps://mail.example:465" } } });
    expect(containerEnv("auth")).not.toHaveProperty("SMTP_PORT");
  });

  it("runs MongoDB 7 as the one-node replica set rs0, initiated by its healthcheck, before the services start", () => {
    const mongo = services.mongo!;
    expect(mongo.image).toMatch(/^mongo:7(\.|$)/);
    expect(mongo.command).toEqual(expect.arrayContaining(["--replSet", "rs0", "--bind_ip_all"]));
    const check = mongo.healthcheck!.test.join(" ");
    expect(check).toContain("rs.initiate");
    expect(check).toContain("_id: 'rs0'");
    expect(check).toContain("host: 'mongo:27017'");
    expect(check).toContain("isWritablePrimary");
    expect(mongo.volumes).toEqual(expect.arrayContaining([expect.stringMatching(/:\/data\/db$/)]));
    for (const app of apps) expect(services[app]!.depends_on?.mongo).toEqual({ condition: "service_healthy" });
  });

  it("runs NATS 2 with JetStream and points booking and wallet's outbox relays, and auth's credential notices, at it", () => {
    const nats = services.nats!;
    expect(nats.image).toMatch(/^nats:2(\.|$|-)/);
    expect(nats.command!.some((arg) => arg === "-js" || arg === "--jetstream")).toBe(true);
    // booking and wallet publish events and hear suspensions; auth announces, the gateway hears.
    for (const app of ["booking", "wallet", "auth", "gateway"] as const) {
      expect(configOf(app)).toMatchObject({ events: { natsUrl: "nats://nats:4222", streamName: "TARMAC", subjectPrefix: "tarmac" } });
    }
    for (const app of ["search", "fare", "airline"] as const) expect(containerEnv(app)).not.toHaveProperty("NATS_URL");
  });

  it("checks the gateway's readiness (all six services SERVING) as its healthcheck", () => {
    const check = services.gateway!.healthcheck!.test;
    expect(check.slice(0, 2)).toEqual(["CMD", "node"]);
    expect(check.join(" ")).toContain("http://127.0.0.1:9463/readyz");
    expect(Object.keys(services.gateway!.depends_on!).sort()).toEqual(["auth", "booking", "fare", "mongo", "search", "wallet", "webhooks"]);
  });
});

describe("deploy/docker/Dockerfile", () => {
  const instructions = dockerfile
    .replace(/\\\n/g, " ")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "" && !line.startsWith("#"));
  const named = (keyword: string) => instructions.filter((line) => line.toUpperCase().startsWith(`${keyword} `));

  it("is multi-stage on node:22-bookworm-slim: a build stage and a runtime stage", () => {
    expect(named("ARG")).toContain("ARG NODE_IMAGE=node:22-bookworm-slim");
    expect(named("FROM")).toEqual(["FROM ${NODE_IMAGE} AS build", "FROM ${NODE_IMAGE} AS runtime"]);
    expect(named("COPY")).toContain("COPY --from=build /out /app");
  });

  it("installs from the lockfile and compiles $SERVICE with pnpm 10.34.9 into /out", () => {
    const pnpmVersion = (JSON.parse(readFileSync(resolve(root, "package.json"), "utf8")) as { packageManager: string }).packageManager;
    expect(named("ARG")).toContain(`ARG PNPM_VERSION=${pnpmVersion.replace("pnpm@", "")}`);
    expect(dockerfile).toContain("pnpm install --frozen-lockfile --offline");
    const deploy = named("RUN").find((line) => line.includes('pnpm build "${SERVICE}"'));
    expect(deploy).toBeDefined();
    expect(deploy).toContain('mv "dist/${SERVICE}" /out');
    expect(named("ARG")).toContain("ARG SERVICE");
    // The SERVICE values it accepts are exactly compose's images and the admin command line's.
    const accepted = /case "\$\{SERVICE\}" in\s+([a-z|]+)\)/.exec(deploy!)?.[1]?.split("|");
    expect(accepted?.sort()).toEqual([...apps, "admin"].sort());
  });

  it("runs the compiled bin/main.js with plain node under tini as the non-root user 10001, ready for a read-only root", () => {
    expect(named("USER")).toEqual(["USER 10001:10001"]);
    expect(dockerfile).toMatch(/useradd [^\n]*--uid 10001/);
    expect(dockerfile).toMatch(/apt-get install [^\n]*\btini\b/);
    // The whole command is the entrypoint and there is no CMD: the container's arguments reach
    // the entry point, so the admin image is the command line (`docker run tarmac-admin agents get ...`).
    expect(named("ENTRYPOINT")).toEqual(['ENTRYPOINT ["/usr/bin/tini", "--", "node", "bin/main.js"]']);
    expect(named("CMD")).toEqual([]);
    expect(dockerfile).toContain("NODE_ENV=production");
    expect(dockerfile).not.toContain("tsx");
  });

  it("has a .dockerignore that keeps installs, history, logs, secrets and the Helm chart out", () => {
    const ignored = readFileSync(resolve(root, ".dockerignore"), "utf8")
      .split("\n")
      .map((line) => line.trim())
      .filter((line) => line !== "" && !line.startsWith("#"));
    expect(ignored).toEqual(expect.arrayContaining(["**/node_modules", ".git", "**/coverage", "**/*.log", "**/.env", "deploy/helm"]));
    // What the build needs stays in: the workspace manifests, the lockfile and every package.
    for (const needed of ["package.json", "pnpm-lock.yaml", "pnpm-workspace.yaml", ".npmrc", "services", "gateway", "proto"]) {
      expect(ignored).not.toContain(needed);
    }
  });
});

describe(".github/workflows/ci.yml", () => {
  it("builds the image of every compose service and of the admin command line, and validates the compose file", () => {
    const workflow = parse(readFileSync(resolve(root, ".github/workflows/ci.yml"), "utf8")) as {
      jobs: Record<string, { strategy?: { matrix?: { service?: string[] } }; steps: { run?: string; with?: Record<string, unknown> }[] }>;
    };
    const image = workflow.jobs.image!;
    expect([...image.strategy!.matrix!.service!].sort()).toEqual([...apps, "admin"].sort());
    const build = image.steps.find((step) => step.with?.file === "deploy/docker/Dockerfile");
    expect(build?.with).toMatchObject({ context: ".", "build-args": "SERVICE=${{ matrix.service }}", push: false });
    expect(image.steps.some((step) => step.run?.includes("docker compose -f deploy/compose.yaml config"))).toBe(true);
  });
});
