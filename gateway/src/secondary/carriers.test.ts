import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CARRIER_NAMES, carrierName } from "./carriers.js";

describe("carrier names", () => {
  it("name every carrier of the sandbox airline as it does (read from its source, not imported)", () => {
    const source = readFileSync(new URL("../../../services/airline/src/sandbox/carriers.ts", import.meta.url), "utf8");
    const sandbox = Object.fromEntries([...source.matchAll(/code: "([A-Z0-9]{2})",\s*name: "([^"]+)"/g)].map((m) => [m[1], m[2]]));
    expect(Object.keys(sandbox).length).toBeGreaterThan(20);
    expect(CARRIER_NAMES).toEqual(sandbox);
  });

  it("fall back to the code for a carrier the table does not know", () => {
    expect([carrierName("6E"), carrierName("AI"), carrierName("ZZ"), carrierName("toString")]).toEqual([
      "IndiGo",
      "Air India",
      "ZZ",
      "toString",
    ]);
  });
});
