export { searchConfigSchema, DEVELOPMENT_CURSOR_SECRET, type SearchConfig } from "./config.js";
export { startSearchService, type SearchServiceOverrides } from "./server.js";
export { SearchServiceImpl, type SearchServiceDeps } from "./search-service.js";
export { searchRoutes } from "./routes.js";
export type {
  CachedSearch,
  CachedSearchMeta,
  FoundOffer,
  OfferLookup,
  SearchCacheStore,
  SearchPage,
} from "./store/search-cache-store.js";
export { MemorySearchCacheStore } from "./store/memory-search-cache-store.js";
export { MongoSearchCacheStore } from "./store/mongo-search-cache-store.js";
export type { PricedOffer } from "./domain/priced-offer.js";
export type { PricingBreakdown } from "./domain/pricing.js";
export { pricingRulesSchema, defaultPricingRules, type PricingRules } from "./domain/pricing-rules.js";
