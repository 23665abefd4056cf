import { describe, expect, it } from "vitest";
import { fakeServices } from "../testing/fakes.js";
import { run } from "../testing/run.js";

const CSV = "section,agent_id\r\nB2B,agt_1\r\n";

function services() {
  return fakeServices({
    booking: {
      exportInvoices: (request: { month: string; kind: string }) => ({
        month: request.month,
        kind: request.kind,
        csv: CSV,
        totals: { documents: 3, documentValuePaise: 1_234_56n, tdsPaise: 408n },
      }),
    },
  });
}

describe("invoices export", () => {
  it("prints every agency's GSTR-1 CSV for the month by default", async () => {
    const { clients, calls } = services();
    const result = await run(["invoices", "export", "--month", "2026-12"], { clients });
    expect(result).toMatchObject({ code: 0, stderr: "", stdout: "section,agent_id\r\nB2B,agt_1" });
    expect(calls[0]).toMatchObject({ method: "BookingService.ExportInvoices", request: { agentId: "", month: "2026-12", kind: "GSTR1" } });
  });

  it("exports one agency's TDS as JSON with the totals in paise, and refuses a malformed month", async () => {
    const { clients, calls } = services();
    const result = await run(["invoices", "export", "--month", "2026-12", "--kind", "tds", "--agent", "agt_01JD8X3Q4N", "--json"], {
      clients,
    });
    expect(JSON.parse(result.stdout)).toMatchObject({
      month: "2026-12",
      kind: "tds",
      totals: { documents: 3, document_value_paise: 123_456, tds_paise: 408 },
    });
    expect(calls[0]).toMatchObject({ request: { agentId: "agt_01JD8X3Q4N", kind: "TDS" } });
    expect((await run(["invoices", "export", "--month", "2026-7"], { clients })).code).not.toBe(0);
  });
});
