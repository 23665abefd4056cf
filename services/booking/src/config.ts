import { providerConfig, providerEnv } from "@tarmac/airline";
import {
  commonConfig,
  commonEnv,
  env,
  eventsConfig,
  eventsEnv,
  mongoConfig,
  mongoEnv,
  refuseDevelopmentSecrets,
  requireInProduction,
  callerAuthConfig,
  callerAuthEnv,
  checkCallerAuth,
} from "@tarmac/kernel";
import { DEFAULT_TAX_RATES, DEFAULT_VALUATION, gstinProblem } from "@tarmac/tax";
import { billingSettings, DEVELOPMENT_GSTIN } from "./invoices/billing-settings.js";
import { z } from "zod";

/** Development only: main.ts warns when it is in use and production refuses it. */
export const DEVELOPMENT_BOOKING_SECRET = "tarmac-development-booking-secret-not-for-production";

export const bookingConfigSchema = z
  .object({
    ...commonEnv,
    ...callerAuthEnv,
    BOOKING_HOST: z.string().min(1).default("127.0.0.1"),
    BOOKING_PORT: env.port(50053),
    /** Prometheus scrapes GET /metrics here (HTTP/1.1; the gRPC port is h2c only); 0 picks a free port. */
    METRICS_PORT: env.port(9466),
    FARE_URL: env.url().default("http://127.0.0.1:50052"),
    WALLET_URL: env.url().default("http://127.0.0.1:50054"),
    SEARCH_URL: env.url().default("http://127.0.0.1:50051"),
    /** Where an agency's standing is checked (suspended agencies book nothing). */
    AUTH_URL: env.url().default("http://127.0.0.1:50055"),
    /** The platform's fees on a cancellation and on a reschedule (API guide, Cancellation and reschedule), paise per booking. */
    OTA_CANCELLATION_FEE_PAISE: z.coerce.number().int().min(0).max(10_000_000).default(25_000),
    /** Tarmac's fee on a void (API guide, Partial cancellation, void and refunds): none unless configured. */
    VOID_FEE_PAISE: z.coerce.number().int().min(0).max(10_000_000).default(0),
    OTA_RESCHEDULE_FEE_PAISE: z.coerce.number().int().min(0).max(10_000_000).default(25_000),
    ...mongoEnv,
    ...eventsEnv,
    ...providerEnv,
    /** A wallet hold outlives any create call by far, so recovery always finds it unexpired. */
    HOLD_TTL_SECONDS: env.seconds(1800),
    /** A PENDING booking younger than this may still be in its create call; recovery leaves it alone. */
    RECOVERY_GRACE_SECONDS: env.seconds(60),
    /** How long before a hold's ticket time limit booking.hold_expiring is published (hold now, ticket later). */
    HOLD_EXPIRING_NOTICE_SECONDS: env.seconds(7200),
    /** How often recovery, ticketing and the flown sweep run. */
    BOOKING_SWEEP_INTERVAL_MS: z.coerce.number().int().min(50).max(600_000).default(2_000),
    /** How often one replica reconciles every agency's ledger, bookings and tax documents (README, Reconciliation). */
    RECONCILE_INTERVAL_MS: z.coerce.number().int().min(1_000).max(86_400_000).default(300_000),
    /** How long past its expiry an open wallet hold is left to the wallet's sweep before reconciliation reports it. */
    RECONCILE_HOLD_GRACE_SECONDS: env.seconds(300),
    /** How long past its deadline a booking may stay in a non-final state before reconciliation reports it. */
    RECONCILE_STUCK_AFTER_SECONDS: env.seconds(1800),
    /** Sandbox airline: how long after a reservation its tickets are issued. */
    SANDBOX_TICKETING_DELAY_MS: z.coerce.number().int().min(0).max(3_600_000).default(3_000),
    /** Signs ListBookings cursors. */
    TARMAC_BOOKING_SECRET: env.secret(DEVELOPMENT_BOOKING_SECRET),
    /** The platform as supplier on tax invoices (API guide, GST and invoices). */
    TARMAC_GSTIN: z.string().default(DEVELOPMENT_GSTIN),
    TARMAC_LEGAL_NAME: z.string().min(1).max(100).default("Tarmac Travel Technologies Private Limited"),
    TARMAC_BILLING_ADDRESS: z.string().min(1).max(300).default("12 Residency Road, Bengaluru, Karnataka 560025"),
    TARMAC_BILLING_EMAIL: z.email().default("billing@tarmac.example"),
    /** GST on the platform's service fee (18%: SAC 998555), and TDS on commission (2%: section 194H from 1 October 2024), basis points. */
    GST_SERVICE_FEE_BPS: z.coerce.number().int().min(0).max(5_000).default(DEFAULT_TAX_RATES.gstOnServiceFeeBps),
    TDS_COMMISSION_BPS: z.coerce.number().int().min(0).max(5_000).default(DEFAULT_TAX_RATES.tdsOnCommissionBps),
    /** The value of the ticket-booking fee: ACTUAL (the fee, GST inside) or RULE_32_3 (5% / 10% of the basic fare; API guide, GST and invoices). */
    GST_VALUATION: z.enum(["ACTUAL", "RULE_32_3"]).default(DEFAULT_VALUATION),
    /**
     * Who registers B2B documents' e-invoices (API guide, GST and invoices): `sandbox` (deterministic
     * IRNs, not the government's; the default outside production) or `off` (payloads kept, no IRN;
     * production's default, said at start). Production refuses the sandbox.
     */
    E_INVOICE_SUBMITTER: z.enum(["sandbox", "off"]).optional(),
  })
  .superRefine((v, ctx) => {
    checkCallerAuth(v, ctx, "booking");
    refuseDevelopmentSecrets(v, ctx, { TARMAC_BOOKING_SECRET: DEVELOPMENT_BOOKING_SECRET });
    requireInProduction(v, ctx, ["MONGODB_URI", "NATS_URL", "AIRLINE_URL"]);
    const gstin = gstinProblem(v.TARMAC_GSTIN);
    if (gstin !== undefined) ctx.addIssue({ code: "custom", path: ["TARMAC_GSTIN"], message: `not a valid GSTIN (${gstin})` });
    // Tax invoices name the platform as supplier: production must not issue them under the sandbox's GSTIN.
    if (v.TARMAC_ENV === "production" && v.TARMAC_GSTIN === DEVELOPMENT_GSTIN) {
      ctx.addIssue({ code: "custom", path: ["TARMAC_GSTIN"], message: "is required in production (the platform's own GSTIN)" });
    }
    // A sandbox IRN is not the government's: production documents must not carry one.
    if (v.TARMAC_ENV === "production" && v.E_INVOICE_SUBMITTER === "sandbox") {
      ctx.addIssue({
        code: "custom",
        path: ["E_INVOICE_SUBMITTER"],
        message:
          "must not be sandbox in production (its IRNs are not the government's); leave it unset or off until a portal adapter is configured",
      });
    }
    // Recovery finds a crashed booking's hold by its reference; it must still be there.
    if (v.HOLD_TTL_SECONDS * 1000 <= v.RECOVERY_GRACE_SECONDS * 1000 + v.BOOKING_SWEEP_INTERVAL_MS) {
      ctx.addIssue({ code: "custom", path: ["HOLD_TTL_SECONDS"], message: "must exceed RECOVERY_GRACE_SECONDS plus one sweep interval" });
    }
  })
  .transform((v) => ({
    callerAuth: callerAuthConfig(v, "booking"),
    ...commonConfig(v),
    host: v.BOOKING_HOST,
    port: v.BOOKING_PORT,
    metricsPort: v.METRICS_PORT,
    fareUrl: v.FARE_URL,
    walletUrl: v.WALLET_URL,
    searchUrl: v.SEARCH_URL,
    authUrl: v.AUTH_URL,
    otaCancellationFeePaise: v.OTA_CANCELLATION_FEE_PAISE,
    voidFeePaise: v.VOID_FEE_PAISE,
    otaRescheduleFeePaise: v.OTA_RESCHEDULE_FEE_PAISE,
    ...mongoConfig(v),
    events: eventsConfig(v),
    ...providerConfig(v),
    holdTtlMs: v.HOLD_TTL_SECONDS * 1000,
    recoveryGraceMs: v.RECOVERY_GRACE_SECONDS * 1000,
    holdNoticeMs: v.HOLD_EXPIRING_NOTICE_SECONDS * 1000,
    sweepIntervalMs: v.BOOKING_SWEEP_INTERVAL_MS,
    reconciliation: {
      intervalMs: v.RECONCILE_INTERVAL_MS,
      holdGraceMs: v.RECONCILE_HOLD_GRACE_SECONDS * 1000,
      stuckAfterMs: v.RECONCILE_STUCK_AFTER_SECONDS * 1000,
    },
    sandboxTicketingDelayMs: v.SANDBOX_TICKETING_DELAY_MS,
    bookingSecret: v.TARMAC_BOOKING_SECRET,
    billing: billingSettings({
      gstin: v.TARMAC_GSTIN,
      legalName: v.TARMAC_LEGAL_NAME,
      address: v.TARMAC_BILLING_ADDRESS,
      email: v.TARMAC_BILLING_EMAIL,
      gstOnServiceFeeBps: v.GST_SERVICE_FEE_BPS,
      tdsOnCommissionBps: v.TDS_COMMISSION_BPS,
      valuation: v.GST_VALUATION,
    }),
    usesDevelopmentSecret: v.TARMAC_BOOKING_SECRET === DEVELOPMENT_BOOKING_SECRET,
    eInvoiceSubmitter: v.E_INVOICE_SUBMITTER ?? (v.TARMAC_ENV === "production" ? "off" : "sandbox"),
  }));

export type BookingConfig = z.output<typeof bookingConfigSchema>;
