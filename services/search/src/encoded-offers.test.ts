import { fromBinary, toBinary } from "@bufbuild/protobuf";
import { createHandlerContext } from "@connectrpc/connect";
import { SearchFlightsResponseSchema, SearchService, type SearchFlightsResponse } from "@tarmac/proto/tarmac/search/v1/search_pb.js";
import { encodingOf } from "@tarmac/kernel";
import { describe, expect, it } from "vitest";
import { toProtoOffer } from "./offer-mapper.js";
import { pageMessages } from "./page-offers.js";
import { dateAhead, handlerContext, searchHarness, searchRequest } from "./testing/search-harness.js";

/** A handler context as a gRPC call in the binary codec brings it. */
function grpcContext() {
  const method = SearchService.method.searchFlights;
  return createHandlerContext({
    service: SearchService,
    method,
    protocolName: "grpc",
    requestMethod: "POST",
    url: `http://test/${SearchService.typeName}/${method.name}`,
    requestHeader: { "content-type": "application/grpc+proto" },
  });
}

const onWire = (page: SearchFlightsResponse) => fromBinary(SearchFlightsResponseSchema, toBinary(SearchFlightsResponseSchema, page));

describe("pages answered with the offers encoded at search time", () => {
  it("decode to the same pages, first and continued, as built messages do", async () => {
    const { service, clock, store } = searchHarness({ offers: 250 });
    const request = searchRequest({ origin: "DEL", dest: "BOM", dod: dateAhead(clock, 10), limit: 100 });
    const first = onWire(await service.searchFlights(request, grpcContext()));
    const cached = (await store.page(first.searchId, 0, 100))!;
    expect(first.results).toEqual(pageMessages(cached));
    const found = (await store.findOffer(first.searchId, first.results[7]!.offerId))!;
    expect(toProtoOffer(found.offer, found.meta)).toEqual(first.results[7]);

    const next = searchRequest({ cursor: first.cursor, limit: 100 });
    const nextPage = await service.searchFlights(next, grpcContext());
    // The unary fast path sends the bytes recorded with the page: what encoding the message gives.
    expect(Buffer.concat(encodingOf(nextPage) ?? [])).toEqual(Buffer.from(toBinary(SearchFlightsResponseSchema, nextPage)));
    const nextOnWire = onWire(nextPage);
    expect(nextOnWire.results).toHaveLength(100);
    expect(nextOnWire).toEqual(await service.searchFlights(next, handlerContext()));
  });

  it("are not used for a caller in the process, which reads results directly", async () => {
    const { service, clock } = searchHarness({ offers: 20 });
    const page = await service.searchFlights(
      searchRequest({ origin: "DEL", dest: "BOM", dod: dateAhead(clock, 10), limit: 5 }),
      handlerContext(),
    );
    expect(page.results).toHaveLength(5);
    expect(page.$unknown).toBeUndefined();
  });
});
