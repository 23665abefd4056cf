import { create } from "@bufbuild/protobuf";
import { DomainError, fieldError, validationFailed } from "@tarmac/kernel";
import { SetAgentBillingRequestSchema, type BillingDetails } from "@tarmac/proto/tarmac/auth/v1/auth_pb.js";
import { describe, expect, it } from "vitest";
import { AGENT_ID, agent, fakeServices } from "../testing/fakes.js";
import { run } from "../testing/run.js";

const PARENT_ID = "agt_01JD8PARENT";
const FLAGS = [
  "--gstin",
  "29aagcb7383j1z4",
  "--legal-name",
  " Sky Travels Private Limited ",
  "--address-line",
  "4th Floor, 12 MG Road",
  "--address-line",
  "Ashok Nagar",
  "--city",
  "Bengaluru",
  "--state",
  "Karnataka",
  "--pin",
  "560001",
  "--email",
  "accounts@sky.example",
];
const with_ = (flag: string, value: string) => FLAGS.map((v, i) => (FLAGS[i - 1] === flag ? value : v));

const BILLING_JSON = {
  gstin: "29AAGCB7383J1Z4",
  state_code: "29",
  legal_name: "Sky Travels Private Limited",
  address: { lines: ["4th Floor, 12 MG Road", "Ashok Nagar"], city: "Bengaluru", state: "Karnataka", pin_code: "560001", country: "IN" },
  email: "accounts@sky.example",
};

describe("agencies billing set", () => {
  const services = () => {
    let stored: BillingDetails | undefined;
    return fakeServices({
      auth: {
        setAgentBilling: (req) => {
          stored = req.billing;
          return { agent: agent({ agentId: req.agentId, ...(stored && { billing: stored }) }) };
        },
        getAgent: (req) => ({ agent: agent({ agentId: req.agentId, ...(stored && { billing: stored }) }) }),
      },
    });
  };

  it("sends every field to SetAgentBilling and prints the details, as text and as JSON; show reads them back", async () => {
    const { clients, calls } = services();
    const text = await run(["agencies", "billing", "set", AGENT_ID, ...FLAGS], { clients });
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toMatch(/^Billing details set:\n[\s\S]*^ {2}gstin\s+29AAGCB7383J1Z4 {2}\(state 29\)$/m);
    expect(text.stdout).toContain("Bengaluru, Karnataka 560001, IN");
    expect(calls).toEqual([
      {
        method: "AuthService.SetAgentBilling",
        request: create(SetAgentBillingRequestSchema, {
          agentId: AGENT_ID,
          billing: {
            gstin: "29AAGCB7383J1Z4",
            legalName: "Sky Travels Private Limited",
            address: {
              lines: ["4th Floor, 12 MG Road", "Ashok Nagar"],
              city: "Bengaluru",
              state: "Karnataka",
              pinCode: "560001",
              country: "IN",
            },
            email: "accounts@sky.example",
          },
        }),
      },
    ]);
    const json = await run(["agencies", "billing", "set", AGENT_ID, ...FLAGS, "--json"], { clients });
    expect(JSON.parse(json.stdout)).toEqual({ agent_id: AGENT_ID, billing: BILLING_JSON, billed_under: AGENT_ID });
    const shown = await run(["agencies", "billing", "show", AGENT_ID, "--json"], { clients });
    expect(JSON.parse(shown.stdout)).toEqual({ agent_id: AGENT_ID, billing: BILLING_JSON, billed_under: AGENT_ID });
  });

  it("refuses each bad field by its flag without calling auth", async () => {
    const { clients, calls } = services();
    const refused = async (argv: string[]) => {
      const result = await run(["agencies", "billing", "set", AGENT_ID, ...argv], { clients });
      expect(result.code).toBe(2);
      return result.stderr;
    };
    expect(await refused(with_("--gstin", "29AAGCB7383J1Z5"))).toContain("error: --gstin: its check character does not match");
    expect(await refused(with_("--gstin", "28AAGCB7383J1Z4"))).toContain("error: --gstin: its first two digits are not a GST state code");
    expect(await refused(with_("--gstin", "29AAGCB7383J"))).toContain("error: --gstin: must be a 15-character GSTIN");
    // A Karnataka GSTIN (29) with an office in Pune, and a state the GST list does not name.
    expect(await refused(with_("--state", "Maharashtra"))).toContain(
      "error: --state: is in Maharashtra (GST state code 27) but the GSTIN is registered in Karnataka (29)",
    );
    expect(await refused(with_("--state", "Karnatak"))).toContain(
      "error: --state: must be an Indian state or union territory as the GST state list names it",
    );
    expect(await refused(with_("--pin", "56001"))).toContain("error: --pin: must be a 6-digit PIN code");
    expect(await refused(with_("--pin", "060001"))).toContain("error: --pin: must be a 6-digit PIN code");
    expect(await refused(with_("--email", "accounts.sky.example"))).toContain("error: --email: must be an e-mail address");
    expect(await refused([...FLAGS, "--address-line", "c", "--address-line", "d"])).toContain(
      "error: --address-line: may be given at most 3 times",
    );
    const nothing = await refused([]);
    for (const flag of ["--gstin", "--legal-name", "--address-line", "--city", "--state", "--pin", "--email"])
      expect(nothing).toContain(`error: ${flag}: is required`);
    expect(calls).toEqual([]);
  });

  it("takes a state named in any case when it is the GSTIN's", async () => {
    const { clients, calls } = services();
    const mumbai = await run(
      ["agencies", "billing", "set", AGENT_ID, ...with_("--gstin", "27AAPFU0939F1ZV").map((v) => (v === "Karnataka" ? "maharashtra" : v))],
      { clients },
    );
    expect(mumbai.code, mumbai.stderr).toBe(0);
    expect(calls.map((c) => (c.request as { billing?: BillingDetails }).billing?.address?.state)).toEqual(["maharashtra"]);
  });

  it("prints the service's field errors and an unknown agency's refusal", async () => {
    const { clients } = fakeServices({
      auth: {
        setAgentBilling: (req) => {
          if (req.agentId === "agt_x") throw new DomainError("AUTH_NOT_FOUND", "agent agt_x not found");
          throw validationFailed([fieldError("billing.address.pin_code", "INVALID_FORMAT", "must be a 6-digit PIN code, e.g. 560001")]);
        },
      },
    });
    expect(await run(["agencies", "billing", "set", "agt_x", ...FLAGS], { clients })).toMatchObject({
      code: 1,
      stderr: "error: AUTH_NOT_FOUND: agent agt_x not found",
    });
    const invalid = await run(["agencies", "billing", "set", AGENT_ID, ...FLAGS], { clients });
    expect(invalid.code).toBe(1);
    expect(invalid.stderr).toContain("billing.address.pin_code: must be a 6-digit PIN code, e.g. 560001 (INVALID_FORMAT)");
  });
});

describe("agencies billing show", () => {
  it("shows a sub-agent without details its parent agency's, and none when neither has any", async () => {
    const parentBilling = {
      gstin: "27AAPFU0939F1ZV",
      legalName: "Parent Travels LLP",
      address: { lines: ["1 Marine Drive"], city: "Mumbai", state: "Maharashtra", pinCode: "400020", country: "IN" },
      email: "gst@parent.example",
    };
    const { clients } = fakeServices({
      auth: {
        getAgent: (req) =>
          req.agentId === PARENT_ID
            ? { agent: agent({ agentId: PARENT_ID, billing: parentBilling }) }
            : req.agentId === AGENT_ID
              ? { agent: agent({ agentId: AGENT_ID, parentAgentId: PARENT_ID }) }
              : { agent: agent({ agentId: req.agentId }) },
      },
    });
    const sub = await run(["agencies", "billing", "show", AGENT_ID, "--json"], { clients });
    expect(JSON.parse(sub.stdout)).toMatchObject({
      agent_id: AGENT_ID,
      billed_under: PARENT_ID,
      billing: { gstin: "27AAPFU0939F1ZV", state_code: "27" },
    });
    expect((await run(["agencies", "billing", "show", AGENT_ID], { clients })).stdout).toMatch(
      /billed under\s+agt_01JD8PARENT \(parent agency\)/,
    );
    const none = await run(["agencies", "billing", "show", "agt_alone"], { clients });
    expect(none.stdout).toMatch(/billing\s+none: invoiced as an unregistered recipient/);
  });

  it("has help, and a missing sub-command is named", async () => {
    const help = await run(["agencies", "billing", "set", "--help"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("Usage: pnpm admin agencies billing set <agency id> [flags]");
    expect(help.stdout).toContain("--address-line <line>");
    expect(help.stdout).toContain("SetAgentBilling");
    const missing = await run(["agencies", "billing"]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('error: missing command after "agencies billing"');
    expect((await run(["agencies", "--help"])).stdout).toContain("billing show <agency id>");
  });
});
