import { create, toBinary } from "@bufbuild/protobuf";
import { HealthCheckResponseSchema } from "@tarmac/proto/grpc/health/v1/health_pb.js";
import { describe, expect, it } from "vitest";
import { encodingOf, withEncoding } from "./encoded-answer.js";

describe("an answer recorded with its encoding", () => {
  it("gives back the chunks recorded for that message object only", () => {
    const message = create(HealthCheckResponseSchema, { status: 1 });
    const chunks = [toBinary(HealthCheckResponseSchema, message)];
    expect(withEncoding(message, chunks)).toBe(message);
    expect(encodingOf(message)).toBe(chunks);
    expect(encodingOf(create(HealthCheckResponseSchema, { status: 1 }))).toBeUndefined();
  });
});
