import { createSigner } from "@tarmac/kernel";
import { describe, expect, it } from "vitest";
import { fareLock } from "../store/fare-lock-fixture.js";
import { seatMapFixture } from "../testing/seat-map-fixture.js";
import { createAncillaryTokenCodec } from "./ancillary-token.js";
import { priceSeatMap } from "./priced-seat-map.js";

const tokens = createAncillaryTokenCodec(createSigner("test-secret-for-seat-map-tests-0123456789", "ancillary-token"));

describe("priceSeatMap", () => {
  const lock = fareLock({ pax: { adult: 2, child: 1, infant: 1 } });
  const map = priceSeatMap(seatMapFixture(), lock, tokens);
  const seats = map.segments.flatMap((s) => s.rows.flatMap((r) => r.seats));

  it("keeps every seat with its price and gives each a unique id and a token bound to the lock", () => {
    expect(seats).toHaveLength(18);
    expect(new Set(seats.map((s) => s.ancillaryId)).size).toBe(18);
    for (const seat of seats) {
      expect(Number.isSafeInteger(seat.pricePaise)).toBe(true);
      expect(tokens.open(seat.ancillaryToken, lock.lockId)).toMatchObject({
        segmentIndex: 0,
        seat: seat.seat,
        pricePaise: seat.pricePaise,
      });
      expect(tokens.open(seat.ancillaryToken, "flk_other")).toBeUndefined();
    }
    expect(seats.find((s) => s.seat === "3B")).toMatchObject({ available: false, ancillaryId: "SEAT-0-3B" });
  });

  it("lists one entry per seated passenger, none for the infant", () => {
    expect(map.passengerAncillaries.map((p) => p.paxId)).toEqual(["ADT1", "ADT2", "CHD1"]);
  });

  it("offers each passenger only free seats, and exit rows only to adults without an infant", () => {
    const byPax = new Map(map.passengerAncillaries.map((p) => [p.paxId, p.ancillaryTokens]));
    const seatOf = (token: string) => tokens.open(token, lock.lockId)!.seat;
    expect(byPax.get("ADT2")!.map(seatOf)).toEqual([
      "1A",
      "1B",
      "1C",
      "1D",
      "1E",
      "1F",
      "2A",
      "2B",
      "2C",
      "2D",
      "2E",
      "2F",
      "3A",
      "3C",
      "3D",
      "3F",
    ]);
    for (const paxId of ["ADT1", "CHD1"]) {
      expect(byPax.get(paxId)!.map(seatOf)).toEqual(["1A", "1B", "1C", "1D", "1E", "1F", "3A", "3C", "3D", "3F"]);
    }
  });
});
