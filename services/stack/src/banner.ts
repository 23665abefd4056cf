import { defined, developmentCredential, formatCredential, formatPaise } from "@tarmac/kernel";
import { DEMO_WALLET } from "@tarmac/wallet";

export interface BannerFacts {
  readonly gatewayUrl: string;
  /** The gateway's operations port (/metrics, /readyz). */
  readonly operationsUrl: string;
  readonly agentId: string;
  readonly apiKey: string;
  /** Whether the key came from TARMAC_DEV_API_KEY (else it is new at every start). */
  readonly keyFixed: boolean;
  readonly today: Date;
  /** `pnpm start:split`: every service in a process of its own. */
  readonly split?: boolean;
  /**
   * Where the services the admin command line and grpcurl call listen, as started: their documented
   * ports, or free ones under TARMAC_SERVICE_PORTS=ephemeral (issue 36: the banner named 50054 then).
   */
  readonly services: AdminPeers;
}

/** The services `pnpm admin` calls, by the variable it reads each URL from. */
export interface AdminPeers {
  readonly auth: string;
  readonly wallet: string;
  readonly webhooks: string;
  readonly booking: string;
}

/** The admin command line's peers among a stack's services (by name). */
export function adminPeersOf(services: Readonly<Record<string, string>>): AdminPeers {
  const url = (name: keyof AdminPeers) => defined(services[name], `the ${name} service's URL`);
  return { auth: url("auth"), wallet: url("wallet"), webhooks: url("webhooks"), booking: url("booking") };
}

/** YYYYMMDD of the UTC day `days` after `from`. */
export function yyyymmdd(from: Date, days: number): string {
  const day = new Date(from.getTime() + days * 86_400_000);
  return day.toISOString().slice(0, 10).replaceAll("-", "");
}

/** The start banner: where the API is, whose key to use, and a search to paste. */
export function startBanner(facts: BannerFacts): string {
  const body = JSON.stringify({ origin: "DEL", dest: "BOM", dod: yyyymmdd(facts.today, 30), pax_adult: 1, limit: 5 });
  const { currency, balancePaise, creditLimitPaise } = DEMO_WALLET;
  const { auth, wallet, webhooks, booking } = facts.services;
  return [
    "",
    facts.split
      ? "Tarmac is running split: search, fare, booking, wallet, auth, webhooks and the sandbox airline, each its own process, behind the gateway."
      : "Tarmac is running: search, fare, booking, wallet, auth and webhooks services behind the gateway.",
    "",
    `  Gateway      ${facts.gatewayUrl}  (primary API under /api/v1)`,
    `  Operations   ${facts.operationsUrl}  (/metrics and /readyz; keep it off the internet)`,
    `  Demo agent   ${facts.agentId}`,
    `  API key      ${facts.apiKey}`,
    facts.keyFixed
      ? "               (from TARMAC_DEV_API_KEY)"
      : "               (new at every start; set TARMAC_DEV_API_KEY=tk_test_<8>_<32> to keep one)",
    `  Wallet       balance ${formatPaise(balancePaise)} ${currency}, credit limit ${formatPaise(creditLimitPaise)} ${currency}`,
    "               (POST /api/v1/wallet/balance and /wallet/statement with the same key)",
    "",
    "Search DEL to BOM 30 days from today:",
    "",
    `  curl -s -X POST ${facts.gatewayUrl}/api/v1/flight/search \\`,
    `    -H 'Content-Type: application/json' -H 'X-API-Key: ${facts.apiKey}' \\`,
    `    -d '${body}'`,
    "",
    "Then lock a fare (/api/v1/flight/fare/validate), book it (/api/v1/flight/booking/create with an",
    "Idempotency-Key header) and follow it (/api/v1/flight/booking/status): the README shows each call.",
    "",
    "Internal teams call the services directly (gRPC, Connect, gRPC-Web) with a caller credential; this",
    "development system trusts the development ops credential (any process can derive it; production never):",
    "",
    `  SERVICE_CREDENTIAL=${formatCredential(developmentCredential("admin"))}`,
    "",
    "The admin command line (pnpm admin) and grpcurl find the services here (paste the export first):",
    "",
    `  export AUTH_URL=${auth} WALLET_URL=${wallet} WEBHOOKS_URL=${webhooks} BOOKING_URL=${booking}`,
    "",
    '  grpcurl -plaintext -H "authorization: Bearer $(npx --yes pnpm@10.34.9 --silent admin credentials token wallet)" \\',
    `    -d '{"agent_id":"${facts.agentId}"}' ${new URL(wallet).host} tarmac.wallet.v1.WalletService/GetBalance`,
    "",
    "Stop with Ctrl-C.",
    "",
  ].join("\n");
}

/** One line for scripts and the end-to-end test: `TARMAC_READY {json}`. */
export function readyLine(gatewayUrl: string, apiKey: string): string {
  return `TARMAC_READY ${JSON.stringify({ gatewayUrl, apiKey })}`;
}
