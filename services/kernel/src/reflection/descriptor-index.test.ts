import { fromBinary } from "@bufbuild/protobuf";
import { FileDescriptorProtoSchema } from "@bufbuild/protobuf/wkt";
import { file_grpc_health_v1_health } from "@tarmac/proto/grpc/health/v1/health_pb.js";
import { file_tarmac_wallet_v1_wallet } from "@tarmac/proto/tarmac/wallet/v1/wallet_pb.js";
import { describe, expect, it } from "vitest";
import { DescriptorIndex } from "./descriptor-index.js";

describe("DescriptorIndex", () => {
  const index = new DescriptorIndex([file_tarmac_wallet_v1_wallet, file_grpc_health_v1_health]);
  const names = (bytes: Uint8Array[]) => bytes.map((b) => fromBinary(FileDescriptorProtoSchema, b).name);

  it("finds a file by every fully-qualified name it declares", () => {
    for (const symbol of [
      "grpc.health.v1.Health",
      "grpc.health.v1.Health.Check",
      "grpc.health.v1.HealthCheckResponse",
      "grpc.health.v1.HealthCheckResponse.status",
      "grpc.health.v1.HealthCheckResponse.ServingStatus",
      // Enum values live beside their enum, as in C++.
      "grpc.health.v1.HealthCheckResponse.SERVING",
    ]) {
      expect(index.fileContaining(symbol)?.proto.name, symbol).toBe("grpc/health/v1/health.proto");
    }
    expect(index.fileContaining("google.protobuf.Timestamp")?.proto.name).toBe("google/protobuf/timestamp.proto");
    expect(index.fileContaining("grpc.health.v1.HealthCheckResponse.ServingStatus.SERVING")).toBeUndefined();
  });

  it("sends a file with its imports, and an import only once per stream", () => {
    const sent = new Set<string>();
    const wallet = index.file("tarmac/wallet/v1/wallet.proto")!;
    expect(names(index.withDependencies(wallet, sent))).toEqual(["tarmac/wallet/v1/wallet.proto", "google/protobuf/timestamp.proto"]);
    expect(names(index.withDependencies(wallet, sent))).toEqual(["tarmac/wallet/v1/wallet.proto"]);
    expect(names(index.withDependencies(index.file("google/protobuf/timestamp.proto")!, new Set()))).toEqual([
      "google/protobuf/timestamp.proto",
    ]);
  });
});
