import { create } from "@bufbuild/protobuf";
import { gstinCheckCharacter } from "@tarmac/tax";
import { failureOf } from "@tarmac/kernel/testing";
import { BillingDetailsSchema, type BillingDetails } from "@tarmac/proto/tarmac/auth/v1/auth_pb.js";
import { beforeEach, describe, expect, it } from "vitest";
import { authFixture, type AuthFixture } from "../testing/auth-fixture.js";

const KARNATAKA = {
  gstin: "29AAGCB7383J1Z4",
  legalName: "Fixture Travels Private Limited",
  address: { lines: ["12 MG Road", "Ashok Nagar"], city: "Bengaluru", state: "Karnataka", pinCode: "560001", country: "IN" },
  email: "Accounts@Fixture.test",
};

describe("SetAgentBilling", () => {
  let f: AuthFixture;
  const setBilling = (agentId: string, billing: BillingDetails | undefined) =>
    f.service.setAgentBilling({ $typeName: "tarmac.auth.v1.SetAgentBillingRequest", agentId, ...(billing && { billing }) });
  type Overrides = Partial<Omit<typeof KARNATAKA, "address">> & { address?: Partial<typeof KARNATAKA.address> };
  const details = (overrides: Overrides = {}) =>
    create(BillingDetailsSchema, { ...KARNATAKA, ...overrides, address: { ...KARNATAKA.address, ...overrides.address } });

  beforeEach(async () => {
    f = await authFixture();
  });

  it("stores the details on the agency and GetAgent answers them; a second call replaces them", async () => {
    const { agent } = await setBilling(f.agent.id, details({ gstin: " 29aagcb7383j1z4 " }));
    expect(agent?.billing).toMatchObject({ gstin: "29AAGCB7383J1Z4", legalName: KARNATAKA.legalName, email: "accounts@fixture.test" });
    expect(agent?.billing?.address).toMatchObject({ lines: ["12 MG Road", "Ashok Nagar"], pinCode: "560001", country: "IN" });
    const got = await f.service.getAgent({ $typeName: "tarmac.auth.v1.GetAgentRequest", agentId: f.agent.id });
    expect(got.agent?.billing?.gstin).toBe("29AAGCB7383J1Z4");
    await setBilling(
      f.agent.id,
      details({ gstin: "27AAPFU0939F1ZV", address: { state: "Maharashtra", city: "Mumbai", pinCode: "400020" } }),
    );
    expect((await f.store.findAgent(f.agent.id))?.billing).toMatchObject({ gstin: "27AAPFU0939F1ZV", address: { city: "Mumbai" } });
  });

  it("names each bad field: GSTIN format, state code, check character; PIN code; e-mail; address", async () => {
    const errorsOf = async (billing: BillingDetails | undefined) =>
      (await failureOf(setBilling(f.agent.id, billing))).errors.map((e) => [e.field, e.code]);
    expect(await errorsOf(details({ gstin: "29AAGCB7383J1Z" }))).toEqual([["billing.gstin", "INVALID_FORMAT"]]);
    expect(await errorsOf(details({ gstin: "29AAGCB7383J1Z5" }))).toEqual([["billing.gstin", "INVALID_VALUE"]]);
    expect(await errorsOf(details({ gstin: "28AAGCB7383J1Z4" }))).toEqual([["billing.gstin", "INVALID_VALUE"]]);
    expect(await errorsOf(details({ address: { pinCode: "56001" } }))).toEqual([["billing.address.pin_code", "INVALID_FORMAT"]]);
    expect(await errorsOf(details({ address: { pinCode: "060001" } }))).toEqual([["billing.address.pin_code", "INVALID_FORMAT"]]);
    expect(await errorsOf(details({ email: "accounts.fixture.test" }))).toEqual([["billing.email", "INVALID_FORMAT"]]);
    expect(await errorsOf(details({ address: { country: "AE" } }))).toEqual([["billing.address.country", "INVALID_VALUE"]]);
    expect(await errorsOf(details({ address: { lines: ["a", "b", "c", "d"] } }))).toEqual([["billing.address.lines", "OUT_OF_RANGE"]]);
    expect(
      await errorsOf(details({ gstin: "", legalName: " ", email: "", address: { lines: [], city: "", state: "", pinCode: "" } })),
    ).toEqual([
      ["billing.gstin", "REQUIRED"],
      ["billing.legal_name", "REQUIRED"],
      ["billing.address.lines", "REQUIRED"],
      ["billing.address.city", "REQUIRED"],
      ["billing.address.state", "REQUIRED"],
      ["billing.address.pin_code", "REQUIRED"],
      ["billing.email", "REQUIRED"],
    ]);
    expect(await errorsOf(undefined)).toEqual([["billing", "REQUIRED"]]);
    expect((await f.store.findAgent(f.agent.id))?.billing).toBeUndefined();
  });

  it("refuses an address in another state than the GSTIN's, or a state the GST list does not name, and keeps nothing", async () => {
    const errorsOf = async (billing: BillingDetails) =>
      (await failureOf(setBilling(f.agent.id, billing))).errors.map((e) => [e.field, e.code, e.message]);
    // A Karnataka GSTIN (29) with an office in Pune.
    expect(await errorsOf(details({ address: { city: "Pune", state: "Maharashtra", pinCode: "411001" } }))).toEqual([
      [
        "billing.address.state",
        "INVALID_VALUE",
        "is in Maharashtra (GST state code 27) but the GSTIN is registered in Karnataka (29): give the address the GSTIN is registered at",
      ],
    ]);
    expect(await errorsOf(details({ address: { state: "Karnatak" } }))).toEqual([
      ["billing.address.state", "INVALID_VALUE", expect.stringContaining("as the GST state list names it")],
    ]);
    expect((await f.store.findAgent(f.agent.id))?.billing).toBeUndefined();
    // The state as people write it: any case, "&" for "and".
    await setBilling(f.agent.id, details({ address: { state: " karnataka " } }));
    const portBlair = { city: "Port Blair", state: "Andaman & Nicobar Islands", pinCode: "744101" };
    await setBilling(f.agent.id, details({ gstin: `35AAGCB7383J1Z${gstinCheckCharacter("35AAGCB7383J1Z")}`, address: portBlair }));
    await setBilling(f.agent.id, details({ gstin: "27AAPFU0939F1ZV", address: { city: "Pune", state: "MAHARASHTRA", pinCode: "411001" } }));
    expect((await f.store.findAgent(f.agent.id))?.billing).toMatchObject({ gstin: "27AAPFU0939F1ZV", address: { city: "Pune" } });
  });

  it("answers AUTH_NOT_FOUND for an unknown agency", async () => {
    expect((await failureOf(setBilling("agt_nope", details()))).code).toBe("AUTH_NOT_FOUND");
  });
});
