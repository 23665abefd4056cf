import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { silentLogger, testCredential } from "@tarmac/kernel/testing";
import { startStack, yyyymmdd, type Stack } from "@tarmac/stack";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "./cli.js";
import { connectClients } from "./clients.js";

const packageDir = fileURLToPath(new URL("..", import.meta.url));

/**
 * Ops onboard an agency with the command line against the whole stack in this process: create
 * the agent (and its wallet), issue a key, top up; the agency then searches and books with that
 * key through the gateway, and the wallet pays the booking's net fare.
 */
describe("the admin command line against the whole stack", () => {
  let stack: Stack;
  let env: NodeJS.ProcessEnv;
  beforeAll(async () => {
    // The gateway remembers verified keys briefly; without that, a revocation shows at once.
    stack = await startStack({
      env: { TARMAC_ENV: "test", AUTH_CACHE_TTL_MS: "0" },
      port: 0,
      servicePorts: "ephemeral",
      logger: silentLogger(),
    });
    env = {
      AUTH_URL: stack.services.auth,
      WALLET_URL: stack.services.wallet,
      WEBHOOKS_URL: stack.services.webhooks,
      BOOKING_URL: stack.services.booking,
    };
  }, 30_000);
  afterAll(() => stack?.stop());

  async function admin(...argv: string[]): Promise<any> {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runCli([...argv, "--json"], {
      env,
      stdout: (t) => out.push(t),
      stderr: (t) => err.push(t),
      connect: (urls) => connectClients(urls, testCredential()),
    });
    expect(code, err.join("\n")).toBe(0);
    return JSON.parse(out.join("\n"));
  }

  async function gateway(apiKey: string, path: string, body: unknown, headers: Record<string, string> = {}) {
    const res = await fetch(`${stack.gatewayUrl}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-api-key": apiKey, ...headers },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(20_000),
    });
    const text = await res.text();
    return { status: res.status, text, json: JSON.parse(text) };
  }

  it("creates an agent, issues a key, tops up, and the key searches and books", async () => {
    const created = await admin("agents", "create", "--name", "Sky Travels", "--email", `ops+${Date.now()}@sky.example`);
    const agentId: string = created.agent.agent_id;
    expect(created.agent).toMatchObject({ name: "Sky Travels", status: "ACTIVE", tier: "STANDARD" });
    expect(created.wallet).toMatchObject({ agent_id: agentId, currency: "INR", balance_paise: 0, available_paise: 0 });

    const issued = await admin("keys", "issue", agentId, "--scopes", "flight.search,flight.book,wallet.read", "--sandbox");
    const apiKey: string = issued.api_key;
    expect(apiKey).toMatch(/^tk_test_[A-Za-z0-9]{8}_[A-Za-z0-9]{32}$/);
    expect(issued.key).toMatchObject({ agent_id: agentId, scopes: ["flight.search", "flight.book", "wallet.read"], status: "ACTIVE" });
    const listed = await admin("keys", "list", agentId);
    expect(listed.keys.map((k: { key_id: string }) => k.key_id)).toEqual([issued.key.key_id]);
    expect(JSON.stringify(listed)).not.toContain(apiKey);
    expect(await admin("webhooks", "list", agentId)).toEqual({ agent_id: agentId, endpoints: [] });

    const toppedUp = await admin("wallet", "topup", agentId, "200000.00", "--reference", `e2e-${agentId}`);
    expect(toppedUp.balance).toMatchObject({ balance_paise: 20_000_000, available_paise: 20_000_000 });

    const pax = { adult: 1, child: 0, infant: 0 };
    const search = await gateway(apiKey, "/api/v1/flight/search", {
      origin: "BLR",
      dest: "DEL",
      dod: yyyymmdd(new Date(), 25),
      pax_adult: 1,
      pax_child: 0,
      pax_infant: 0,
      limit: 50,
    });
    expect(search.status, search.text).toBe(200);
    // The sandbox's scenario flights (numbers starting with 9) misbehave on purpose.
    const offer = search.json.results.find((o: { segments: { flight_no: string }[] }) =>
      o.segments.every((s) => !s.flight_no.startsWith("9")),
    );
    expect(offer).toBeDefined();
    const validated = await gateway(apiKey, "/api/v1/flight/fare/validate", {
      search_id: offer.search_id,
      signature: offer.signature,
      pax,
    });
    expect(validated.status, validated.text).toBe(200);
    const netFare: number = validated.json.offer.pricing_breakdown.net_fare;
    expect(netFare).toBeGreaterThan(0);

    const passenger = {
      id: "ADT1",
      type: "ADT",
      title: "MR",
      first_name: "Arjun",
      last_name: "Mehta",
      gender: "M",
      dob: "1985-04-12",
      nationality: "IN",
    };
    const booked = await gateway(
      apiKey,
      "/api/v1/flight/booking/create",
      {
        fare_token: validated.json.fare_token,
        passengers: [passenger],
        contact_info: { email: "bookings@sky.example", phone: "+919812345678" },
      },
      { "idempotency-key": `e2e-${agentId}` },
    );
    expect(booked.status, booked.text).toBe(200);
    expect(booked.json).toMatchObject({ status: "BOOKED", currency: "INR" });

    const after = await admin("wallet", "balance", agentId);
    expect(after.balance).toMatchObject({ balance_paise: 20_000_000 - netFare, held_paise: 0, available_paise: 20_000_000 - netFare });
    const seenByAgency = await gateway(apiKey, "/api/v1/wallet/balance", {});
    expect(seenByAgency.status, seenByAgency.text).toBe(200);
    expect(seenByAgency.json).toMatchObject({ agent_id: agentId, balance_paise: 20_000_000 - netFare });
    // The top-up and the booking's debit agree with the booking (left for a later run while it is still being ticketed).
    const reconciled = await admin("reconcile", "--agent", agentId);
    expect(reconciled).toMatchObject({ agencies_checked: 1, unreadable_agent_ids: [], discrepancies: [] });
    expect(reconciled.bookings_checked + reconciled.bookings_in_flight).toBe(1);

    // Revoked, the key is refused at the gateway (within its verification cache's lifetime at most).
    const revoked = await admin("keys", "revoke", issued.key.key_id);
    expect(revoked.key).toMatchObject({ key_id: issued.key.key_id, status: "REVOKED" });
    await expect.poll(async () => (await gateway(apiKey, "/api/v1/wallet/balance", {})).status, { timeout: 10_000 }).toBe(401);
  });

  it("sets an agency's billing details; a booking without gst is invoiced to them, a later change leaves the invoice and reaches the next booking", async () => {
    const created = await admin("agents", "create", "--name", "Ledger Travels", "--email", `ops+${Date.now()}@ledger.example`);
    const agentId: string = created.agent.agent_id;
    const billing = [
      "--gstin",
      "27AAPFU0939F1ZV",
      "--legal-name",
      "Ledger Travels LLP",
      "--address-line",
      "1 Marine Drive",
      "--city",
      "Mumbai",
      "--state",
      "Maharashtra",
      "--pin",
      "400020",
      "--email",
      "gst@ledger.example",
    ];
    const set = await admin("agencies", "billing", "set", agentId, ...billing);
    expect(set).toMatchObject({ agent_id: agentId, billed_under: agentId, billing: { gstin: "27AAPFU0939F1ZV", state_code: "27" } });
    expect(await admin("agencies", "billing", "show", agentId)).toEqual(set);
    // A sub-agent without details of its own is billed under its agency's.
    const sub = await admin("agents", "create", "--name", "Ledger North", "--parent", agentId);
    expect(await admin("agencies", "billing", "show", sub.agent.agent_id)).toMatchObject({ billed_under: agentId, billing: set.billing });

    const { api_key: apiKey } = await admin("keys", "issue", agentId, "--scopes", "flight.search,flight.book", "--sandbox");
    await admin("wallet", "topup", agentId, "100000.00", "--reference", `e2e-billing-${agentId}`);
    /** Searches, validates and books one passenger without `gst`: the agency's billing details apply. */
    const bookWithoutGst = async (n: number) => {
      const search = await gateway(apiKey, "/api/v1/flight/search", {
        origin: "BLR",
        dest: "DEL",
        dod: yyyymmdd(new Date(), 26),
        pax_adult: 1,
        pax_child: 0,
        pax_infant: 0,
        limit: 50,
      });
      const offer = search.json.results.find((o: { segments: { flight_no: string }[] }) =>
        o.segments.every((s) => !s.flight_no.startsWith("9")),
      );
      const validated = await gateway(apiKey, "/api/v1/flight/fare/validate", {
        search_id: offer.search_id,
        signature: offer.signature,
        pax: { adult: 1, child: 0, infant: 0 },
      });
      expect(validated.status, validated.text).toBe(200);
      const booked = await gateway(
        apiKey,
        "/api/v1/flight/booking/create",
        {
          fare_token: validated.json.fare_token,
          passengers: [
            {
              id: "ADT1",
              type: "ADT",
              title: "MS",
              first_name: "Nisha",
              last_name: "Rao",
              gender: "F",
              dob: "1988-02-10",
              nationality: "IN",
            },
          ],
          contact_info: { email: "bookings@ledger.example", phone: "+919812345679" },
        },
        { "idempotency-key": `e2e-billing-${agentId}-${n}` },
      );
      expect(booked.status, booked.text).toBe(200);
      return (await gateway(apiKey, "/api/v1/flight/booking/status", { booking_id: booked.json.booking_id })).json;
    };
    const status = await bookWithoutGst(1);
    const bookingId: string = status.booking_id;
    // Maharashtra (27) is another state than the platform's (Karnataka, 29): IGST.
    expect(status.tax_lines).toMatchObject({ gst_kind: "IGST" });
    expect(status.gst).toEqual({
      gstin: "27AAPFU0939F1ZV",
      registered_name: "Ledger Travels LLP",
      address: "1 Marine Drive, Mumbai, Maharashtra 400020, IN",
      email: "gst@ledger.example",
    });

    const invoiceOf = async () => (await gateway(apiKey, "/api/v1/invoices/list", { booking_id: bookingId })).json.invoices[0];
    await expect.poll(invoiceOf, { timeout: 20_000, interval: 250 }).toBeDefined();
    const invoice = await invoiceOf();
    expect(invoice).toMatchObject({
      kind: "TAX_INVOICE",
      gst_kind: "IGST",
      recipient: {
        name: "Ledger Travels LLP",
        gstin: "27AAPFU0939F1ZV",
        state_code: "27",
        address: "1 Marine Drive, Mumbai, Maharashtra 400020, IN",
        email: "gst@ledger.example",
      },
    });
    const pdf = await gateway(apiKey, "/api/v1/invoices/pdf", { invoice_number: invoice.invoice_number });
    expect(pdf.status, pdf.text).toBe(200);
    expect(Buffer.from(pdf.json.content_base64, "base64").subarray(0, 5).toString()).toBe("%PDF-");

    // Billing moves to Karnataka (a GSTIN there and an address there): the issued invoice is unchanged.
    const karnataka: Record<string, string> = {
      "27AAPFU0939F1ZV": "29AAGCB7383J1Z4",
      "1 Marine Drive": "12 MG Road",
      Mumbai: "Bengaluru",
      Maharashtra: "Karnataka",
      "400020": "560001",
    };
    await admin("agencies", "billing", "set", agentId, ...billing.map((v) => karnataka[v] ?? v));
    const again = await gateway(apiKey, "/api/v1/invoices/get", { invoice_number: invoice.invoice_number });
    expect(again.json).toEqual(invoice);
    // Booking remembers the agency's record (5 s) from the calls above; auth's notice drops it, so the
    // very next booking is billed to the new details: CGST and SGST in Karnataka.
    const next = await bookWithoutGst(2);
    expect(next.tax_lines).toMatchObject({ gst_kind: "CGST_SGST" });
    expect(next.gst).toMatchObject({ gstin: "29AAGCB7383J1Z4", address: "12 MG Road, Bengaluru, Karnataka 560001, IN" });
  }, 60_000);

  it("runs as a process through main.ts: output, exit codes and errors", async () => {
    const run = promisify(execFile);
    const tsx = `${packageDir}node_modules/.bin/tsx`;
    const childEnv = { ...process.env, ...env };
    const ok = await run(tsx, ["src/main.ts", "agents", "create", "--name", "Process Travels", "--json"], {
      cwd: packageDir,
      env: childEnv,
    });
    const agentId = JSON.parse(ok.stdout).agent.agent_id as string;
    expect(agentId).toBeTruthy();
    const failed = (e: unknown) => e;
    const [balance, refused, usage] = await Promise.all([
      run(tsx, ["src/main.ts", "wallet", "balance", agentId], { cwd: packageDir, env: childEnv }),
      run(tsx, ["src/main.ts", "agents", "get", "agt_nobody"], { cwd: packageDir, env: childEnv }).catch(failed),
      run(tsx, ["src/main.ts", "wallet", "topup", agentId, "1.001"], { cwd: packageDir, env: childEnv }).catch(failed),
    ]);
    expect(balance.stdout).toMatch(/available\s+INR 0\.00/);
    expect(refused).toMatchObject({ code: 1, stdout: "", stderr: "error: AUTH_NOT_FOUND: agent agt_nobody not found\n" });
    expect(usage).toMatchObject({ code: 2, stdout: "" });
  }, 30_000);
});
