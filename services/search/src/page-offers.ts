import type { Offer } from "@tarmac/proto/tarmac/search/v1/search_pb.js";
import { decodeEntries } from "./encoded-offers.js";
import { toProtoOffer } from "./offer-mapper.js";
import type { SearchPage } from "./store/search-cache-store.js";

/** How many offers a page holds, whichever form its adapter keeps them in. */
export const pageCount = (page: SearchPage): number => ("offers" in page ? page.offers.length : page.count);

/** A page's offers as messages: decoded from their wire entries, or mapped from priced offers. */
export function pageMessages(page: SearchPage): Offer[] {
  return "offers" in page ? page.offers.map((offer) => toProtoOffer(offer, page.meta)) : decodeEntries(page.encoded);
}
