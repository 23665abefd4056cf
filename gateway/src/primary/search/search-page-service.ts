import { clone, createFileRegistry, type DescFile } from "@bufbuild/protobuf";
import type { GenMessage, GenService } from "@bufbuild/protobuf/codegenv2";
import { FieldDescriptorProto_Type, FileDescriptorProtoSchema } from "@bufbuild/protobuf/wkt";
import {
  file_tarmac_search_v1_search,
  SearchFlightsResponseSchema,
  SearchService,
  type SearchFlightsRequestSchema,
  type SearchFlightsResponse,
} from "@tarmac/proto/tarmac/search/v1/search_pb.js";

/** A SearchFlights answer whose offers are left as their wire bytes, one entry per offer. */
export type SearchFlightsPage = Omit<SearchFlightsResponse, "results" | "$typeName"> & {
  readonly $typeName: SearchFlightsResponse["$typeName"];
  results: Uint8Array[];
};

/**
 * SearchService's SearchFlights as the primary search route reads it. The answer's `results` are
 * declared `repeated bytes` instead of `repeated Offer`: both are length-delimited entries under
 * the same field number, so the wire is the same, and the route writes each offer's JSON straight
 * from its bytes (offer-json.ts) instead of building the Offer messages, fare rules included,
 * that the page never shows. The descriptor is derived from the generated one at start, so every
 * other field stays as the contract declares it.
 */
export const SearchPageService = searchPageService();

function searchPageService(): GenService<{
  searchFlights: { methodKind: "unary"; input: typeof SearchFlightsRequestSchema; output: GenMessage<SearchFlightsPage> };
}> {
  const proto = clone(FileDescriptorProtoSchema, file_tarmac_search_v1_search.proto);
  const response = proto.messageType.find((m) => m.name === SearchFlightsResponseSchema.name);
  const results = response?.field.find((f) => f.number === SearchFlightsResponseSchema.field.results.number);
  if (!results) throw new Error("SearchFlightsResponse.results is missing from the search contract");
  results.type = FieldDescriptorProto_Type.BYTES;
  results.typeName = "";
  const deps = new Map<string, DescFile>(file_tarmac_search_v1_search.dependencies.map((d) => [d.proto.name, d]));
  const service = createFileRegistry(proto, (name) => deps.get(name)).getService(SearchService.typeName);
  const method = service?.method.searchFlights;
  if (!service || !method) throw new Error("SearchService.SearchFlights is missing from the search contract");
  // One method: the search client for every other call (and for the secondary routes) is the generated one.
  return { ...service, methods: [method], method: { searchFlights: method } } as unknown as ReturnType<typeof searchPageService>;
}
