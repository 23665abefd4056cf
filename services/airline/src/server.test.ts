import { Code, ConnectError, createClient } from "@connectrpc/connect";
import { createGrpcTransport } from "@connectrpc/connect-node";
import { parseConfig } from "@tarmac/kernel";
import { ManualClock, signedAs, silentLogger, testCredential } from "@tarmac/kernel/testing";
import { Health, HealthCheckResponse_ServingStatus as ServingStatus } from "@tarmac/proto/grpc/health/v1/health_pb.js";
import { AirlineService } from "@tarmac/proto/tarmac/airline/v1/airline_pb.js";
import { afterEach, describe, expect, it } from "vitest";
import { airlineConfigSchema } from "./config.js";
import { connectAirline } from "./provider-env.js";
import type { AirlineChange, FlightQuery } from "@tarmac/airline-port";
import { freeSeats, ONE_ADULT, reservationOf } from "./sandbox/test-support.js";
import { MemoryReservationJournal } from "./sandbox/store/memory-reservation-journal.js";
import { startAirlineService, type StartedAirlineService } from "./server.js";

const config = parseConfig(airlineConfigSchema, { AIRLINE_PORT: "0", METRICS_PORT: "0", TARMAC_ENV: "test" });
const BLR_CCU: FlightQuery = { origin: "BLR", dest: "CCU", departureDate: "2026-12-01", pax: ONE_ADULT };

describe("the airline service on a real HTTP/2 port", () => {
  const started: StartedAirlineService[] = [];
  afterEach(async () => {
    await Promise.all(started.splice(0).map((host) => host.stop()));
  });
  const start = async (journal: MemoryReservationJournal, clock: ManualClock) => {
    const host = await startAirlineService(config, silentLogger(), { clock, journal });
    started.push(host);
    return host;
  };
  // What search, fare and booking build from AIRLINE_URL, each with its own credential.
  const clientOf = (url: string, caller = "booking") =>
    connectAirline(
      { airlineUrl: url, airlineName: "SANDBOX", providerTimeoutMs: 2_000, callerAuth: { credential: testCredential(caller) } },
      { clock: new ManualClock() },
    );

  it("is one airline for every caller, and still the same one after a restart", async () => {
    const clock = new ManualClock("2026-11-22T06:00:00Z");
    const journal = new MemoryReservationJournal();
    const host = await start(journal, clock);
    const health = createClient(Health, createGrpcTransport({ baseUrl: host.url }));
    expect((await health.check({ service: "" })).status).toBe(ServingStatus.SERVING);
    // Separate processes, as search, fare and two booking replicas would be.
    const booking = clientOf(host.url);
    const fare = clientOf(host.url, "fare");
    const [offer] = (await clientOf(host.url, "search").searchFlights(BLR_CCU)).filter((o) => o.segments.length === 1);
    const [seat] = freeSeats((await fare.seatMap(offer!.key)).segments[0]!);
    const held = await booking.reserve(
      reservationOf("bk_shared", offer!.key, ONE_ADULT, [{ paxId: "ADT1", segmentIndex: 0, seat: seat! }]),
    );
    expect(freeSeats((await fare.seatMap(offer!.key)).segments[0]!)).not.toContain(seat);
    expect(await clientOf(host.url).findReservation("bk_shared")).toEqual(held);

    await host.stop();
    const again = await start(journal, clock);
    const afterRestart = clientOf(again.url);
    expect(await afterRestart.findReservation("bk_shared")).toEqual(held);
    expect(freeSeats((await afterRestart.seatMap(offer!.key)).segments[0]!)).not.toContain(seat);
  });

  it("lets search and fare read offers only: reservations are booking's alone (issue 34)", async () => {
    const host = await start(new MemoryReservationJournal(), new ManualClock("2026-11-22T06:00:00Z"));
    const as = (caller: string) =>
      createClient(AirlineService, createGrpcTransport({ baseUrl: host.url, interceptors: [signedAs(caller)] }));
    const outcome = (call: Promise<unknown>) =>
      call.then(
        () => "answered",
        (error: unknown) => Code[ConnectError.from(error).code],
      );
    const reads = { search: ["SearchFlights", "LivePrice"], fare: ["GetSeatMap", "GetAncillaries"] };
    const reservations = AirlineService.methods.map((m) => m.name).filter((name) => ![...reads.search, ...reads.fare].includes(name));
    const allowed: Record<string, string[]> = { ...reads, booking: ["GetSeatMap", "GetAncillaries", ...reservations] };
    expect(reservations).toEqual(
      expect.arrayContaining(["Reserve", "CancelReservation", "RequestRefund", "TicketHold", "AddExtras", "WatchReservationChanges"]),
    );
    // A stream is read until it fails or for 300 ms (a watch never ends by itself).
    const drained = async (stream: AsyncIterable<unknown>) => {
      for await (const _ of stream);
    };
    for (const [caller, methods] of Object.entries(allowed)) {
      const client = as(caller) as unknown as Record<string, (request: object, options?: object) => unknown>;
      for (const method of AirlineService.methods) {
        const call =
          method.methodKind === "server_streaming"
            ? drained(client[method.localName]!({}, { signal: AbortSignal.timeout(300) }) as AsyncIterable<unknown>)
            : (client[method.localName]!({}) as Promise<unknown>);
        const answer = await outcome(call);
        // Allowed: whatever the empty request gets (an answer, a validation error), never a refusal of the caller.
        expect([caller, method.name, answer === "PermissionDenied"]).toEqual([caller, method.name, !methods.includes(method.name)]);
      }
    }
    // The finding: booking's reservation, which a search identity cancelled and fare's asked to refund.
    const booking = clientOf(host.url);
    const [offer] = (await clientOf(host.url, "search").searchFlights(BLR_CCU)).filter((o) => o.segments.length === 1);
    const held = await booking.reserve(reservationOf("bkg_victim", offer!.key, ONE_ADULT, []));
    expect(await outcome(as("search").cancelReservation({ clientReference: "bkg_victim" }))).toBe("PermissionDenied");
    expect(await outcome(as("fare").requestRefund({ clientReference: "bkg_victim", refundReference: "r1", amountPaise: 1n }))).toBe(
      "PermissionDenied",
    );
    expect(await booking.findReservation("bkg_victim")).toEqual(held);
  });

  it("streams the hold it dropped to booking over HTTP/2, once", async () => {
    const clock = new ManualClock("2026-11-22T06:00:00Z");
    const host = await start(new MemoryReservationJournal(), clock);
    const booking = clientOf(host.url);
    const offers = await clientOf(host.url, "search").searchFlights({
      origin: "BLR",
      dest: "HYD",
      departureDate: "2026-12-01",
      pax: ONE_ADULT,
    });
    const offer = offers.find((o) => o.segments.length === 1 && o.segments[0]!.flightNo === "9701")!;
    const held = await booking.reserve({ ...reservationOf("bk_watched", offer.key), hold: true });
    clock.advance(31 * 60_000);
    // Calls of this client end after 100 + 1,000 ms; the watch outlives that: it ends when booking ends it.
    const watcher = connectAirline(
      { airlineUrl: host.url, airlineName: "SANDBOX", providerTimeoutMs: 100, callerAuth: { credential: testCredential("booking") } },
      { clock: new ManualClock() },
    );
    const told: AirlineChange[] = [];
    for await (const change of watcher.watchReservationChanges({ signal: AbortSignal.timeout(1_500) })) told.push(change);
    expect(told.map((c) => [c.kind, c.clientReference, c.pnr])).toEqual([["HOLD_DROPPED", "bk_watched", held.pnr]]);
  });

  it("refuses to start in production without MONGODB_URI", () => {
    expect(() => parseConfig(airlineConfigSchema, { TARMAC_ENV: "production" })).toThrow(/MONGODB_URI: is required in production/);
  });
});
