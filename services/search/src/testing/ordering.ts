import type { Offer } from "@tarmac/proto/tarmac/search/v1/search_pb.js";
import { expect } from "vitest";

/** Asserts the order of API guide, Search across a list of wire offers. */
export function expectSorted(offers: readonly Offer[]): void {
  for (let i = 1; i < offers.length; i++) {
    const [a, b] = [offers[i - 1]!, offers[i]!];
    const key = (o: Offer) => [o.bestPricePaise, Date.parse(o.segments[0]!.depTime), o.offerId] as const;
    const [pa, da, ia] = key(a);
    const [pb, db, ib] = key(b);
    const inOrder = pa < pb || (pa === pb && (da < db || (da === db && ia < ib)));
    expect(inOrder, `offers ${i - 1} and ${i} are out of order`).toBe(true);
  }
}
