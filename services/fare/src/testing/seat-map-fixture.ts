import type { ProviderSeat, ProviderSeatMap } from "@tarmac/airline-port";

const seat = (row: number, letter: string, overrides: Partial<ProviderSeat> = {}): ProviderSeat => ({
  seat: `${row}${letter}`,
  available: true,
  pricePaise: letter === "B" || letter === "E" ? 20_000 : 35_000,
  position: letter === "A" || letter === "F" ? "WINDOW" : letter === "C" || letter === "D" ? "AISLE" : "MIDDLE",
  exitRow: false,
  extraLegroom: false,
  ...overrides,
});

/**
 * A small 3-3 economy map on one segment: row 1 extra legroom, row 2 an exit row, 3B and 3E taken.
 * Free seats: 6 in row 1, 6 in row 2 (exit), 4 in row 3.
 */
export function seatMapFixture(): ProviderSeatMap {
  const letters = ["A", "B", "C", "D", "E", "F"];
  return {
    provider: "SANDBOX",
    currency: "INR",
    segments: [
      {
        segmentIndex: 0,
        carrier: "AI",
        flightNo: "101",
        origin: "DEL",
        dest: "BOM",
        departureDate: "2026-12-01",
        aircraft: "320",
        cabin: "ECONOMY",
        rows: [
          { row: 1, seats: letters.map((l) => seat(1, l, { extraLegroom: true, pricePaise: 120_000 })) },
          { row: 2, seats: letters.map((l) => seat(2, l, { exitRow: true, extraLegroom: true, pricePaise: 90_000 })) },
          { row: 3, seats: letters.map((l) => seat(3, l, { available: l !== "B" && l !== "E" })) },
        ],
      },
    ],
  };
}
