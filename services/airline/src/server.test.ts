import { createClient } from "@connectrpc/connect";
import { createGrpcTransport } from "@connectrpc/connect-node";
import { parseConfig } from "@tarmac/kernel";
import { ManualClock, silentLogger, testCredential } from "@tarmac/kernel/testing";
import { Health, HealthCheckResponse_ServingStatus as ServingStatus } from "@tarmac/proto/grpc/health/v1/health_pb.js";
import { afterEach, describe, expect, it } from "vitest";
import { airlineConfigSchema } from "./config.js";
import { connectAirline } from "./provider-env.js";
import type { FlightQuery } from "./provider-port.js";
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
  // What search, fare and booking build from AIRLINE_URL.
  const clientOf = (url: string) =>
    connectAirline(
      { airlineUrl: url, airlineName: "SANDBOX", providerTimeoutMs: 2_000, callerAuth: { credential: testCredential("booking") } },
      { clock: new ManualClock() },
    );

  it("is one airline for every caller, and still the same one after a restart", async () => {
    const clock = new ManualClock("2026-11-22T06:00:00Z");
    const journal = new MemoryReservationJournal();
    const host = await start(journal, clock);
    const health = createClient(Health, createGrpcTransport({ baseUrl: host.url }));
    expect((await health.check({ service: "" })).status).toBe(ServingStatus.SERVING);
    // Two processes, as booking and fare would be.
    const booking = clientOf(host.url);
    const fare = clientOf(host.url);
    const [offer] = (await fare.searchFlights(BLR_CCU)).filter((o) => o.segments.length === 1);
    const [seat] = freeSeats((await fare.seatMap(offer!.key)).segments[0]!);
    const held = await booking.reserve(
      reservationOf("bk_shared", offer!.key, ONE_ADULT, [{ paxId: "ADT1", segmentIndex: 0, seat: seat! }]),
    );
    expect(freeSeats((await fare.seatMap(offer!.key)).segments[0]!)).not.toContain(seat);
    expect(await fare.findReservation("bk_shared")).toEqual(held);

    await host.stop();
    const again = await start(journal, clock);
    const afterRestart = clientOf(again.url);
    expect(await afterRestart.findReservation("bk_shared")).toEqual(held);
    expect(freeSeats((await afterRestart.seatMap(offer!.key)).segments[0]!)).not.toContain(seat);
  });

  it("refuses to start in production without MONGODB_URI", () => {
    expect(() => parseConfig(airlineConfigSchema, { TARMAC_ENV: "production" })).toThrow(/MONGODB_URI: is required in production/);
  });
});
