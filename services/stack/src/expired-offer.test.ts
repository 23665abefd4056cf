import { DEMO_AGENT_ID } from "@tarmac/auth";
import { fromConnectError } from "@tarmac/kernel";
import { BookingService, ReasonCode } from "@tarmac/proto/tarmac/booking/v1/booking_pb.js";
import { FareService } from "@tarmac/proto/tarmac/fare/v1/fare_pb.js";
import { SearchService } from "@tarmac/proto/tarmac/search/v1/search_pb.js";
import { afterEach, describe, expect, it } from "vitest";
import { bookableFare, createRequest } from "./testing/bookable-fare.js";
import { grpcClientOf, startClockedServices, type ClockedServices } from "./testing/clocked-services.js";
import { GrpcJsBooking } from "./testing/grpc-js-booking.js";

/** Issue 16 item 5: an offer of an expired search is 410 SEARCH_EXPIRED however it is named. */
describe("an offer of an expired search, through search, fare and booking", () => {
  let services: ClockedServices | undefined;
  let client: GrpcJsBooking | undefined;
  afterEach(async () => {
    client?.close();
    await services?.stop();
    services = client = undefined;
  });

  it("answers SEARCH_EXPIRED to fare validation (signature) and to a reschedule quote (offer id) alike", async () => {
    const s = (services = await startClockedServices());
    client = new GrpcJsBooking(s.booking.url);
    const booked = await client.call<{ booking_id: string }>("CreateBooking", createRequest(await bookableFare(s), "expired-offer"));
    const day = new Date(s.clock.now().getTime() + 21 * 86_400_000).toISOString().slice(0, 10).replaceAll("-", "");
    const found = await grpcClientOf(SearchService, s.search).searchFlights({
      agentId: DEMO_AGENT_ID,
      origin: "DEL",
      dest: "BOM",
      dod: day,
      limit: 5,
    });
    const offer = found.results[0]!;
    s.clock.advance(31 * 60_000);

    const pax = { adult: 1, child: 0, infant: 0 };
    const validate = await grpcClientOf(FareService, s.fare)
      .validateFare({ agentId: DEMO_AGENT_ID, searchId: offer.searchId, signature: offer.signature, pax })
      .catch((e: unknown) => e);
    const quote = await grpcClientOf(BookingService, s.booking)
      .quoteReschedule({
        agentId: DEMO_AGENT_ID,
        bookingId: booked.booking_id,
        newOfferId: offer.offerId,
        reasonCode: ReasonCode.CUSTOMER_REQUEST,
      })
      .catch((e: unknown) => e);
    for (const failure of [validate, quote]) expect(fromConnectError(failure)).toMatchObject({ code: "SEARCH_EXPIRED", status: 410 });
  });
});
