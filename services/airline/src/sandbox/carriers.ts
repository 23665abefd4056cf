/**
 * Real carriers the sandbox sells, with their home country (spelled as in the airport directory),
 * hubs and fleet. Hubs decide the network: a carrier flies from its hubs, connects passengers
 * through them, and flies point to point only inside its home country.
 */
export interface Carrier {
  readonly code: string;
  readonly name: string;
  readonly country: string;
  readonly hubs: readonly string[];
  readonly model: "FULL_SERVICE" | "LOW_COST";
  readonly fleet: readonly string[];
  /** Aircraft types on which the carrier sells a FIRST cabin. */
  readonly firstOn: readonly string[];
  /** Sells PREMIUM_ECONOMY on its widebodies. */
  readonly premiumEconomy: boolean;
  /** A low-cost carrier that still sells a BUSINESS cabin (flydubai). */
  readonly lowCostBusiness?: boolean;
  /** Daily departures each way between two of its hubs; other routes get fewer. */
  readonly trunkFrequency: number;
}

const full = (c: Omit<Carrier, "model">): Carrier => ({ ...c, model: "FULL_SERVICE" });
const lowCost = (c: Omit<Carrier, "model" | "firstOn" | "premiumEconomy">): Carrier => ({
  ...c,
  model: "LOW_COST",
  firstOn: [],
  premiumEconomy: false,
});

export const CARRIERS: readonly Carrier[] = [
  lowCost({
    code: "6E",
    name: "IndiGo",
    country: "India",
    hubs: ["DEL", "BOM", "BLR", "HYD", "MAA", "CCU"],
    fleet: ["AT7", "320", "32N", "321"],
    trunkFrequency: 20,
  }),
  full({
    code: "AI",
    name: "Air India",
    country: "India",
    hubs: ["DEL", "BOM", "BLR"],
    fleet: ["320", "32N", "321", "788", "77W", "359"],
    firstOn: ["77W"],
    premiumEconomy: true,
    trunkFrequency: 14,
  }),
  lowCost({ code: "SG", name: "SpiceJet", country: "India", hubs: ["DEL", "BOM"], fleet: ["DH4", "738", "7M8"], trunkFrequency: 6 }),
  lowCost({ code: "QP", name: "Akasa Air", country: "India", hubs: ["BOM", "BLR", "DEL", "AMD"], fleet: ["7M8"], trunkFrequency: 8 }),
  lowCost({
    code: "IX",
    name: "Air India Express",
    country: "India",
    hubs: ["DEL", "BLR", "COK"],
    fleet: ["738", "7M8", "32N"],
    trunkFrequency: 6,
  }),
  full({
    code: "EK",
    name: "Emirates",
    country: "United Arab Emirates",
    hubs: ["DXB"],
    fleet: ["77W", "388"],
    firstOn: ["77W", "388"],
    premiumEconomy: true,
    trunkFrequency: 3,
  }),
  full({
    code: "EY",
    name: "Etihad Airways",
    country: "United Arab Emirates",
    hubs: ["AUH"],
    fleet: ["321", "789", "359", "388"],
    firstOn: ["388"],
    premiumEconomy: false,
    trunkFrequency: 2,
  }),
  lowCost({
    code: "FZ",
    name: "flydubai",
    country: "United Arab Emirates",
    hubs: ["DXB"],
    fleet: ["738", "7M8"],
    lowCostBusiness: true,
    trunkFrequency: 2,
  }),
  lowCost({ code: "G9", name: "Air Arabia", country: "United Arab Emirates", hubs: ["SHJ"], fleet: ["320", "32N"], trunkFrequency: 2 }),
  full({
    code: "QR",
    name: "Qatar Airways",
    country: "Qatar",
    hubs: ["DOH"],
    fleet: ["320", "788", "359", "77W", "388"],
    firstOn: ["388"],
    premiumEconomy: false,
    trunkFrequency: 3,
  }),
  full({
    code: "GF",
    name: "Gulf Air",
    country: "Bahrain",
    hubs: ["BAH"],
    fleet: ["320", "32N", "789"],
    firstOn: [],
    premiumEconomy: false,
    trunkFrequency: 2,
  }),
  full({
    code: "WY",
    name: "Oman Air",
    country: "Oman",
    hubs: ["MCT"],
    fleet: ["738", "7M8", "788", "789"],
    firstOn: [],
    premiumEconomy: false,
    trunkFrequency: 2,
  }),
  full({
    code: "SV",
    name: "Saudia",
    country: "Saudi Arabia",
    hubs: ["JED", "RUH"],
    fleet: ["320", "321", "789", "77W"],
    firstOn: [],
    premiumEconomy: false,
    trunkFrequency: 3,
  }),
  full({
    code: "SQ",
    name: "Singapore Airlines",
    country: "Singapore",
    hubs: ["SIN"],
    fleet: ["7M8", "359", "77W", "388"],
    firstOn: ["77W", "388"],
    premiumEconomy: true,
    trunkFrequency: 3,
  }),
  full({
    code: "BA",
    name: "British Airways",
    country: "United Kingdom",
    hubs: ["LHR"],
    fleet: ["320", "321", "788", "789", "77W", "388"],
    firstOn: ["789", "77W", "388"],
    premiumEconomy: true,
    trunkFrequency: 4,
  }),
  full({
    code: "LH",
    name: "Lufthansa",
    country: "Germany",
    hubs: ["FRA", "MUC"],
    fleet: ["320", "321", "359", "748", "388"],
    firstOn: ["748", "388"],
    premiumEconomy: true,
    trunkFrequency: 4,
  }),
  full({
    code: "AF",
    name: "Air France",
    country: "France",
    hubs: ["CDG"],
    fleet: ["320", "321", "359", "77W"],
    firstOn: ["77W"],
    premiumEconomy: true,
    trunkFrequency: 4,
  }),
  full({
    code: "KL",
    name: "KLM",
    country: "Netherlands",
    hubs: ["AMS"],
    fleet: ["738", "789", "77W"],
    firstOn: [],
    premiumEconomy: true,
    trunkFrequency: 3,
  }),
  full({
    code: "TK",
    name: "Turkish Airlines",
    country: "Turkey",
    hubs: ["IST"],
    fleet: ["321", "32N", "333", "789", "77W", "359"],
    firstOn: [],
    premiumEconomy: false,
    trunkFrequency: 4,
  }),
  full({
    code: "CX",
    name: "Cathay Pacific",
    country: "Hong Kong",
    hubs: ["HKG"],
    fleet: ["321", "333", "359", "77W"],
    firstOn: ["77W"],
    premiumEconomy: true,
    trunkFrequency: 3,
  }),
  full({
    code: "TG",
    name: "Thai Airways",
    country: "Thailand",
    hubs: ["BKK"],
    fleet: ["320", "333", "788", "359", "77W"],
    firstOn: [],
    premiumEconomy: false,
    trunkFrequency: 3,
  }),
  full({
    code: "UL",
    name: "SriLankan Airlines",
    country: "Sri Lanka",
    hubs: ["CMB"],
    fleet: ["320", "321", "333"],
    firstOn: [],
    premiumEconomy: false,
    trunkFrequency: 2,
  }),
  full({
    code: "UA",
    name: "United Airlines",
    country: "United States",
    hubs: ["EWR", "ORD", "SFO", "IAD"],
    fleet: ["320", "738", "789", "77W"],
    firstOn: [],
    premiumEconomy: true,
    trunkFrequency: 5,
  }),
  full({
    code: "AA",
    name: "American Airlines",
    country: "United States",
    hubs: ["DFW", "JFK", "LAX"],
    fleet: ["321", "738", "789", "77W"],
    firstOn: ["77W"],
    premiumEconomy: true,
    trunkFrequency: 5,
  }),
  full({
    code: "JL",
    name: "Japan Airlines",
    country: "Japan",
    hubs: ["HND", "NRT"],
    fleet: ["738", "788", "789", "359", "77W"],
    firstOn: ["77W"],
    premiumEconomy: true,
    trunkFrequency: 3,
  }),
  full({
    code: "QF",
    name: "Qantas",
    country: "Australia",
    hubs: ["SYD", "MEL"],
    fleet: ["738", "332", "789", "388"],
    firstOn: ["388"],
    premiumEconomy: true,
    trunkFrequency: 4,
  }),
];

const byCode = new Map(CARRIERS.map((c) => [c.code, c]));

export function carrierByCode(code: string): Carrier | undefined {
  return byCode.get(code);
}
