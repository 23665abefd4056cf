import type { Cabin } from "@tarmac/airline-port";
import type { AircraftType } from "./aircraft.js";

/** One cabin's block of rows: every row has the same seats. */
interface SectionSpec {
  readonly rows: number;
  /** Seat letters between aisles, window to window: ["ABC", "DEF"] is 3-3. */
  readonly blocks: readonly string[];
  /** Emergency exit rows, counted from the section's first row (1 = its first row). */
  readonly exits?: readonly number[];
}

/** A cabin's rows as numbered on one aircraft. */
export interface CabinSection extends SectionSpec {
  readonly cabin: Cabin;
  readonly firstRow: number;
  /** Absolute row numbers. */
  readonly exitRows: readonly number[];
  readonly extraLegroomRows: readonly number[];
}

const F_111 = ["A", "E", "K"];
const J_121 = ["A", "DG", "K"];
const J_22 = ["AC", "DF"];
const W_232 = ["AC", "DEF", "HK"];
const W_242 = ["AC", "DEFG", "HK"];
const Y_22 = ["AC", "DF"];
const Y_33 = ["ABC", "DEF"];
const Y_242 = ["AC", "DEFG", "HK"];
const Y_333 = ["ABC", "DEF", "HJK"];
const Y_343 = ["ABC", "DEFG", "HJK"];

/**
 * Single-aisle types in their all-economy numbering (as low-cost carriers fly them), with the
 * business rows a two-class operator puts in front. Exits are the over-wing (or A321 door) rows.
 */
const SINGLE_AISLE: Readonly<Record<string, { economy: SectionSpec; businessRows: number }>> = {
  AT7: { economy: { rows: 18, blocks: Y_22 }, businessRows: 0 },
  DH4: { economy: { rows: 19, blocks: Y_22 }, businessRows: 0 },
  "320": { economy: { rows: 30, blocks: Y_33, exits: [12, 13] }, businessRows: 2 },
  "32N": { economy: { rows: 31, blocks: Y_33, exits: [12, 13] }, businessRows: 2 },
  "321": { economy: { rows: 37, blocks: Y_33, exits: [11, 25] }, businessRows: 3 },
  "738": { economy: { rows: 31, blocks: Y_33, exits: [15, 16] }, businessRows: 3 },
  "7M8": { economy: { rows: 32, blocks: Y_33, exits: [15, 16] }, businessRows: 3 },
};

/** Twin-aisle types, every cabin a carrier may fit; exits are the economy door rows. */
const TWIN_AISLE: Readonly<Record<string, Readonly<Partial<Record<Cabin, SectionSpec>>>>> = {
  "332": {
    BUSINESS: { rows: 6, blocks: J_121 },
    PREMIUM_ECONOMY: { rows: 3, blocks: W_232 },
    ECONOMY: { rows: 26, blocks: Y_242, exits: [1, 14] },
  },
  "333": {
    BUSINESS: { rows: 7, blocks: J_121 },
    PREMIUM_ECONOMY: { rows: 3, blocks: W_232 },
    ECONOMY: { rows: 30, blocks: Y_242, exits: [1, 16] },
  },
  "359": {
    BUSINESS: { rows: 8, blocks: J_121 },
    PREMIUM_ECONOMY: { rows: 4, blocks: W_242 },
    ECONOMY: { rows: 30, blocks: Y_333, exits: [1, 15] },
  },
  "788": {
    BUSINESS: { rows: 6, blocks: J_121 },
    PREMIUM_ECONOMY: { rows: 4, blocks: W_232 },
    ECONOMY: { rows: 22, blocks: Y_333, exits: [1, 12] },
  },
  "789": {
    FIRST: { rows: 2, blocks: F_111 },
    BUSINESS: { rows: 7, blocks: J_121 },
    PREMIUM_ECONOMY: { rows: 4, blocks: W_232 },
    ECONOMY: { rows: 26, blocks: Y_333, exits: [1, 14] },
  },
  "77W": {
    FIRST: { rows: 2, blocks: F_111 },
    BUSINESS: { rows: 10, blocks: J_121 },
    PREMIUM_ECONOMY: { rows: 4, blocks: W_242 },
    ECONOMY: { rows: 32, blocks: Y_343, exits: [1, 17] },
  },
  "388": {
    FIRST: { rows: 4, blocks: F_111 },
    BUSINESS: { rows: 15, blocks: J_121 },
    PREMIUM_ECONOMY: { rows: 5, blocks: W_242 },
    ECONOMY: { rows: 40, blocks: Y_343, exits: [1, 14, 27] },
  },
  "748": {
    FIRST: { rows: 2, blocks: F_111 },
    BUSINESS: { rows: 12, blocks: J_121 },
    PREMIUM_ECONOMY: { rows: 4, blocks: W_242 },
    ECONOMY: { rows: 28, blocks: Y_343, exits: [1, 15] },
  },
};

/** Cabins front to back, the order rows are numbered in. */
const FRONT_TO_BACK: readonly Cabin[] = ["FIRST", "BUSINESS", "PREMIUM_ECONOMY", "ECONOMY"];

/** A business row takes about one and a half economy rows of cabin length. */
function singleAisleSpecs(type: string, cabins: readonly Cabin[]): Partial<Record<Cabin, SectionSpec>> {
  const spec = SINGLE_AISLE[type];
  if (spec === undefined) return {};
  const { economy, businessRows } = spec;
  if (!cabins.includes("BUSINESS") || businessRows === 0) return { ECONOMY: economy };
  const displaced = Math.ceil(businessRows * 1.5);
  const exits = (economy.exits ?? []).map((row) => row - displaced);
  return { BUSINESS: { rows: businessRows, blocks: J_22 }, ECONOMY: { rows: economy.rows - displaced, blocks: economy.blocks, exits } };
}

/**
 * The cabins the carrier sells on this aircraft, numbered from row 1 front to back: row numbers
 * continue from one cabin into the next, as on the aircraft. Economy's extra-legroom rows are its
 * first (bulkhead) row and its exit rows; the dearer cabins have the legroom in the fare.
 */
export function cabinSections(aircraft: AircraftType, cabins: readonly Cabin[]): CabinSection[] {
  const specs = aircraft.body === "WIDE" ? (TWIN_AISLE[aircraft.code] ?? {}) : singleAisleSpecs(aircraft.code, cabins);
  const sections: CabinSection[] = [];
  let firstRow = 1;
  for (const cabin of FRONT_TO_BACK) {
    const spec = specs[cabin];
    if (spec === undefined || !cabins.includes(cabin)) continue;
    const exitRows = (spec.exits ?? []).map((n) => firstRow + n - 1);
    const extraLegroomRows = cabin === "ECONOMY" ? [...new Set([firstRow, ...exitRows])] : [];
    sections.push({ ...spec, cabin, firstRow, exitRows, extraLegroomRows });
    firstRow += spec.rows;
  }
  return sections;
}
