import { createRouterTransport } from "@connectrpc/connect";
import { SearchService } from "@tarmac/proto/tarmac/search/v1/search_pb.js";
import { describe, expect, it } from "vitest";
import { DomainError } from "./errors/domain-error.js";
import { errorInterceptor } from "./interceptors.js";
import { createPeerClient } from "./peer-client.js";
import { silentLogger } from "./testing/silent-logger.js";

function searchThatFails(failure: unknown) {
  return createRouterTransport(
    (router) =>
      router.service(SearchService, {
        searchFlights() {
          throw failure;
        },
      }),
    { router: { interceptors: [errorInterceptor(silentLogger())] } },
  );
}

describe("createPeerClient", () => {
  it("rejects with the peer's own catalogue code, field errors and provider block", async () => {
    const refusal = new DomainError("PROVIDER_SOLD_OUT", "No seats left", {
      provider: { name: "SANDBOX", code: "SOLD_OUT", message: "No seats left" },
    });
    const client = createPeerClient(SearchService, searchThatFails(refusal));
    const error = await client.searchFlights({}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ code: "PROVIDER_SOLD_OUT", status: 409, provider: refusal.provider });
  });

  it("rejects with INTERNAL, without the peer's detail, when the peer failed unexpectedly", async () => {
    const client = createPeerClient(SearchService, searchThatFails(new Error("secret detail")));
    const error = await client.searchFlights({}).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "INTERNAL", status: 500 });
    expect((error as Error).message).not.toContain("secret");
  });

  it("answers what the peer answered when the call succeeds", async () => {
    const transport = createRouterTransport((router) => router.service(SearchService, { searchFlights: () => ({ searchId: "s-1" }) }));
    const response = await createPeerClient(SearchService, transport).searchFlights({});
    expect(response.searchId).toBe("s-1");
  });
});
