import { z } from "zod";

// Values of these variables never reach the terminal, even when they are wrong.
const SECRET_NAME = /SECRET|KEY|TOKEN|PASSWORD|URI|URL|DSN/i;

export class ConfigError extends Error {
  override readonly name = "ConfigError";
}

/**
 * Parses the environment once, at start, against a schema whose keys are variable names (usually
 * a z.object of variables with a .transform() to the service's camelCase config). A bad value
 * throws a ConfigError naming every offending variable.
 */
export function parseConfig<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv = process.env): z.output<S> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const variable = issue.path.join(".") || "(environment)";
    const value = env[variable];
    const shown = value === undefined ? "unset" : SECRET_NAME.test(variable) ? "value hidden" : `got ${JSON.stringify(value)}`;
    return `${variable}: ${issue.message} (${shown})`;
  });
  throw new ConfigError(`Invalid configuration:\n  ${problems.join("\n  ")}`);
}

/** For a process entry point: parse or stop with a message that names the variable. */
export function loadConfigOrExit<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv = process.env): z.output<S> {
  try {
    return parseConfig(schema, env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(78); // EX_CONFIG
  }
}

/** Reusable variable types. */
export const env = {
  port: (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback),
  url: () => z.url(),
  optionalUrl: () =>
    z
      .string()
      .optional()
      .transform((v) => (v === "" ? undefined : v))
      .pipe(z.url().optional()),
  /** A duration in whole seconds. */
  seconds: (fallback: number) => z.coerce.number().int().positive().default(fallback),
  logLevel: () => z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** A secret of at least 32 characters; development falls back to a fixed, loudly logged value. */
  secret: (fallback: string) => z.string().min(32, "must be at least 32 characters").default(fallback),
  boolean: (fallback: boolean) =>
    z
      .enum(["true", "false", "1", "0"])
      .default(fallback ? "true" : "false")
      .transform((v) => v === "true" || v === "1"),
  /** MongoDB connection string; unset means the in-memory store. */
  mongoUri: () =>
    z
      .string()
      .optional()
      .transform((v) => (v === "" ? undefined : v))
      .refine((v) => v === undefined || /^mongodb(\+srv)?:\/\//.test(v), "must start with mongodb:// or mongodb+srv://"),
};

/** Variables every service reads. */
export const commonEnv = {
  LOG_LEVEL: env.logLevel(),
  TARMAC_ENV: z.enum(["development", "test", "production"]).default("development"),
  /** How often a service checks its dependencies (MongoDB, NATS) for its grpc.health.v1 status. */
  READINESS_INTERVAL_MS: z.coerce.number().int().min(50).max(60_000).default(1_000),
  /**
   * After SIGTERM, how long a gRPC service keeps serving with its health NOT_SERVING before it
   * closes its listener (the endpoints of its Services move on meanwhile); 0 closes at once.
   */
  DRAIN_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  /**
   * `off`: unary gRPC served and called through plain Connect, not the kernel's fast path
   * (fast-path/). Checked here with the rest of the configuration; the kernel reads it once per
   * process (fast-path/switch.ts), since one process may host several services.
   */
  TARMAC_GRPC_FAST_PATH: z.enum(["on", "off"]).default("on"),
  /**
   * `round-robin`: calls to a peer go round-robin over every address its host name resolves to
   * (a headless Service: every ready pod), resolved again every 5 s (balanced-transport.ts); `off`:
   * one connection to the name, balanced by whatever is in between (a mesh). Read once per process.
   */
  TARMAC_PEER_BALANCING: z.enum(["off", "round-robin"]).default("off"),
};

/** The part of a parsed configuration every service has. */
export function commonConfig(v: {
  TARMAC_ENV: "development" | "test" | "production";
  LOG_LEVEL: z.output<ReturnType<typeof env.logLevel>>;
  READINESS_INTERVAL_MS: number;
  DRAIN_DELAY_MS: number;
}) {
  return {
    environment: v.TARMAC_ENV,
    logLevel: v.LOG_LEVEL,
    readinessIntervalMs: v.READINESS_INTERVAL_MS,
    drainDelayMs: v.DRAIN_DELAY_MS,
  };
}

/** Variables of the services that keep state (MongoDB when set, else memory). */
export const mongoEnv = {
  MONGODB_URI: env.mongoUri(),
  MONGODB_DB: z.string().min(1).default("tarmac"),
};

/** The store part of a parsed configuration, as openStorage takes it. */
export function mongoConfig(v: { MONGODB_URI?: string | undefined; MONGODB_DB: string }) {
  return { mongoUri: v.MONGODB_URI, mongoDb: v.MONGODB_DB };
}

/**
 * In production, each named secret must be one of the operator's own: its development value is
 * public (it is in this repository), so anything signed with it could be forged.
 */
export function refuseDevelopmentSecrets(
  vars: { TARMAC_ENV: string } & Record<string, unknown>,
  ctx: z.RefinementCtx,
  developmentValues: Readonly<Record<string, string>>,
): void {
  if (vars.TARMAC_ENV !== "production") return;
  for (const [variable, developmentValue] of Object.entries(developmentValues)) {
    if (vars[variable] === developmentValue) {
      ctx.addIssue({ code: "custom", path: [variable], message: "must be set to a secret of your own in production" });
    }
  }
}

const EMBEDDED_DEFAULTS = {
  MONGODB_URI: "in-memory stores lose everything on restart",
  NATS_URL: "the in-process bus reaches no other process",
  AIRLINE_URL: "each process would book on a sandbox airline of its own, unknown to the others",
} as const;

/**
 * In production, what would lose data or split state if it fell back to its embedded default
 * must be set: MONGODB_URI (else every store is in memory and a restart forgets it), NATS_URL
 * where events are published, AIRLINE_URL where the airline is called.
 */
export function requireInProduction(
  vars: { TARMAC_ENV: string } & Record<string, unknown>,
  ctx: z.RefinementCtx,
  variables: readonly (keyof typeof EMBEDDED_DEFAULTS)[],
): void {
  if (vars.TARMAC_ENV !== "production") return;
  for (const variable of variables) {
    if (vars[variable] === undefined) {
      ctx.addIssue({ code: "custom", path: [variable], message: `is required in production (${EMBEDDED_DEFAULTS[variable]})` });
    }
  }
}

/** Variables of the services that publish events (booking, wallet). */
export const eventsEnv = {
  /** Unset: events go to an in-process bus (embedded mode). */
  NATS_URL: env.optionalUrl(),
  NATS_STREAM: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, "letters, digits, _ or -")
    .default("TARMAC"),
  /** Subjects are `<prefix>.booking.<status>`, `<prefix>.wallet.debited`, ...; another prefix lets environments share one NATS. */
  NATS_SUBJECT_PREFIX: z
    .string()
    .regex(/^[a-z0-9_-]{1,32}$/, "lower-case letters, digits, _ or -")
    .default("tarmac"),
  /**
   * Copies of the stream JetStream keeps (1, 3 or 5; at most the NATS servers): with 3 the stream
   * survives losing a server. Applied at start, to a new stream and an existing one alike.
   */
  NATS_STREAM_REPLICAS: z.coerce
    .number()
    .int()
    .refine((n) => n === 1 || n === 3 || n === 5, "1, 3 or 5")
    .default(1),
  /** Events older than this leave the stream (a consumer down longer misses them). */
  NATS_STREAM_MAX_AGE_SECONDS: env.seconds(7 * 24 * 3600),
  /** The stream's size limit; the oldest events go first when it is reached (keep it below the volume). */
  NATS_STREAM_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(8 * 1024 ** 3),
  /** JetStream drops an event id published again within this window (Nats-Msg-Id). */
  NATS_DUPLICATE_WINDOW_SECONDS: env.seconds(120),
};

/** The events part of a parsed configuration, as startOutboxRelay takes it. */
export function eventsConfig(v: {
  NATS_URL?: string | undefined;
  NATS_STREAM: string;
  NATS_SUBJECT_PREFIX: string;
  NATS_STREAM_REPLICAS: number;
  NATS_STREAM_MAX_AGE_SECONDS: number;
  NATS_STREAM_MAX_BYTES: number;
  NATS_DUPLICATE_WINDOW_SECONDS: number;
}) {
  return {
    natsUrl: v.NATS_URL,
    streamName: v.NATS_STREAM,
    subjectPrefix: v.NATS_SUBJECT_PREFIX,
    streamLimits: {
      replicas: v.NATS_STREAM_REPLICAS,
      maxAgeMs: v.NATS_STREAM_MAX_AGE_SECONDS * 1000,
      maxBytes: v.NATS_STREAM_MAX_BYTES,
      duplicateWindowMs: v.NATS_DUPLICATE_WINDOW_SECONDS * 1000,
    },
  };
}
