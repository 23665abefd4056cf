import { Code, ConnectError, createClient, createRouterTransport } from "@connectrpc/connect";
import { errorInterceptor, fromConnectError } from "@tarmac/kernel";
import { silentLogger } from "@tarmac/kernel/testing";
import { SearchService } from "@tarmac/proto/tarmac/search/v1/search_pb.js";
import { afterEach, describe, expect, it } from "vitest";
import { searchRoutes } from "./routes.js";
import { expectSorted } from "./testing/ordering.js";
import { dateAhead, searchHarness, type SearchHarness } from "./testing/search-harness.js";

describe("search routes through a Connect router transport", () => {
  let h: SearchHarness;
  afterEach(() => h?.store.close());

  function client() {
    const transport = createRouterTransport(searchRoutes(h.service), {
      router: { interceptors: [errorInterceptor(silentLogger())] },
    });
    return createClient(SearchService, transport);
  }

  it("searches, pages to the end and reads an offer back", async () => {
    h = searchHarness({ offers: 120 });
    const search = client();
    const first = await search.searchFlights({ agentId: "agt_one", origin: "DEL", dest: "BOM", dod: dateAhead(h.clock, 5), limit: 50 });
    const all = [...first.results];
    let cursor = first.cursor;
    while (cursor !== "") {
      const page = await search.searchFlights({ agentId: "agt_one", cursor, limit: 50 });
      all.push(...page.results);
      cursor = page.cursor;
    }
    expect(all.map((o) => o.offerId)).toHaveLength(120);
    expect(new Set(all.map((o) => o.offerId)).size).toBe(120);
    expectSorted(all);
    const { offer } = await search.getOffer({ agentId: "agt_one", signature: all[42]!.signature });
    expect(offer).toEqual(all[42]);
  });

  it("carries catalogue codes and field errors to the client", async () => {
    h = searchHarness({ offers: 120 });
    const search = client();
    const invalid = await search.searchFlights({ agentId: "agt_one", origin: "XX" }).catch((e: unknown) => e);
    expect(invalid).toBeInstanceOf(ConnectError);
    expect((invalid as ConnectError).code).toBe(Code.InvalidArgument);
    const domain = fromConnectError(invalid);
    expect(domain.code).toBe("VALIDATION_FAILED");
    expect(domain.errors.map((e) => [e.field, e.code])).toEqual([
      ["origin", "INVALID_FORMAT"],
      ["dest", "REQUIRED"],
      ["dod", "REQUIRED"],
    ]);

    const first = await search.searchFlights({ agentId: "agt_one", origin: "DEL", dest: "BOM", dod: dateAhead(h.clock, 5) });
    const forged = await search.searchFlights({ agentId: "agt_two", cursor: first.cursor }).catch((e: unknown) => e);
    expect(fromConnectError(forged).code).toBe("SEARCH_CURSOR_INVALID");
    h.clock.advance(31 * 60_000);
    const expired = await search.searchFlights({ agentId: "agt_one", cursor: first.cursor }).catch((e: unknown) => e);
    expect((expired as ConnectError).code).toBe(Code.FailedPrecondition);
    expect(fromConnectError(expired).code).toBe("SEARCH_CURSOR_EXPIRED");
  });
});
