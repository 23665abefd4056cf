import { create } from "@bufbuild/protobuf";
import { DomainError, toConnectError } from "@tarmac/kernel";
import { ListDevOutboxResponseSchema, OtpChannel, type ListDevOutboxRequest } from "@tarmac/proto/tarmac/auth/v1/auth_pb.js";
import { afterEach, describe, expect, it } from "vitest";
import type { FakeServices } from "../testing/fake-services.js";
import { expectSecondaryError, type SecondaryTestApp, secondaryTestApp } from "../testing/secondary.js";

let gateway: SecondaryTestApp;
afterEach(async () => gateway?.app.close());

function outbox(seen: ListDevOutboxRequest[]): FakeServices {
  return {
    auth: {
      listDevOutbox(request) {
        seen.push(request);
        return create(ListDevOutboxResponseSchema, {
          messages: [
            {
              messageId: "msg_2",
              channel: OtpChannel.SMS,
              to: "+919812345678",
              code: "654321",
              body: "Your Tarmac code is 654321",
              createdAt: { seconds: 1_795_000_000n },
            },
            {
              messageId: "msg_1",
              channel: OtpChannel.EMAIL,
              to: "agent@example.com",
              code: "123456",
              subject: "Your Tarmac code",
              body: "Your code is 123456",
              createdAt: { seconds: 1_794_999_000n },
            },
          ],
        });
      },
    },
  };
}

const get = (url: string) => gateway.app.inject({ method: "GET", url });

describe("GET /api/dev/outbox", () => {
  it("lists the development outbox in development, newest first, without credentials", async () => {
    const seen: ListDevOutboxRequest[] = [];
    gateway = await secondaryTestApp(outbox(seen), { environment: "development" });
    const response = await get("/api/dev/outbox");
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      data: {
        messages: [
          {
            message_id: "msg_2",
            channel: "SMS",
            to: "+919812345678",
            code: "654321",
            subject: "",
            body: "Your Tarmac code is 654321",
            created_at: "2026-11-18T11:06:40.000Z",
          },
          {
            message_id: "msg_1",
            channel: "EMAIL",
            to: "agent@example.com",
            code: "123456",
            subject: "Your Tarmac code",
            body: "Your code is 123456",
            created_at: "2026-11-18T10:50:00.000Z",
          },
        ],
      },
    });
    expect(seen[0]).toMatchObject({ identifier: "", limit: 20 });
  });

  it("filters by identifier and limits", async () => {
    const seen: ListDevOutboxRequest[] = [];
    gateway = await secondaryTestApp(outbox(seen), { environment: "development" });
    expect((await get("/api/dev/outbox?identifier=agent%40example.com&limit=5")).statusCode).toBe(200);
    expect(seen[0]).toMatchObject({ identifier: "agent@example.com", limit: 5 });
    for (const bad of ["limit=0", "limit=101", "limit=ten", "other=1"])
      expectSecondaryError(await get(`/api/dev/outbox?${bad}`), "VALIDATION_FAILED");
  });

  it("passes the auth service's refusal through (its outbox exists only with the development adapter)", async () => {
    gateway = await secondaryTestApp(
      {
        auth: {
          listDevOutbox() {
            throw toConnectError(new DomainError("AUTH_FORBIDDEN", "The development outbox is not in use"));
          },
        },
      },
      { environment: "development" },
    );
    expectSecondaryError(await get("/api/dev/outbox"), "AUTH_FORBIDDEN");
  });

  it.each([undefined, "test", "production"] as const)("does not exist outside development (environment %s): 404", async (environment) => {
    const seen: ListDevOutboxRequest[] = [];
    gateway = await secondaryTestApp(outbox(seen), environment === undefined ? {} : { environment });
    expectSecondaryError(await get("/api/dev/outbox"), "ROUTE_NOT_FOUND");
    expect(seen).toEqual([]);
  });
});
