import { fileURLToPath } from "node:url";
import { createFileRegistry, fromBinary } from "@bufbuild/protobuf";
import { FileDescriptorProtoSchema } from "@bufbuild/protobuf/wkt";
import * as grpc from "@grpc/grpc-js";
import * as protoLoader from "@grpc/proto-loader";
import { WalletService } from "@tarmac/proto/tarmac/wallet/v1/wallet_pb.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServiceHost, type ServiceHost } from "../service-host.js";
import { developmentCallerAuth, everyMethodFor } from "../testing/caller-access.js";
import { silentLogger } from "../testing/silent-logger.js";

const protoRoot = fileURLToPath(new URL("../../../../proto", import.meta.url));

interface ReflectionAnswer {
  list_services_response?: { service: { name: string }[] };
  file_descriptor_response?: { file_descriptor_proto: Buffer[] };
  all_extension_numbers_response?: { base_type_name: string; extension_number: number[] };
  error_response?: { error_code: number; error_message: string };
}

/** A reflection stream as any grpc-js program opens one: the vendored .proto, loaded by proto-loader. */
function reflectionStream(address: string, version: "v1" | "v1alpha") {
  const definition = protoLoader.loadSync(`grpc/reflection/${version}/reflection.proto`, {
    includeDirs: [protoRoot],
    keepCase: true,
    oneofs: true,
    arrays: true,
  });
  const loaded = grpc.loadPackageDefinition(definition) as unknown as {
    grpc: { reflection: Record<string, { ServerReflection: grpc.ServiceClientConstructor }> };
  };
  const Client = loaded.grpc.reflection[version]!.ServerReflection;
  const client = new Client(address, grpc.credentials.createInsecure());
  const call = (client as unknown as { ServerReflectionInfo(): grpc.ClientDuplexStream<object, ReflectionAnswer> }).ServerReflectionInfo();
  const answers: ReflectionAnswer[] = [];
  const waiting: ((answer: ReflectionAnswer) => void)[] = [];
  call.on("data", (answer: ReflectionAnswer) => (waiting.length ? waiting.shift()!(answer) : answers.push(answer)));
  return {
    ask: (request: object) =>
      new Promise<ReflectionAnswer>((resolve, reject) => {
        call.once("error", reject);
        waiting.push(resolve);
        call.write({ host: "", ...request });
      }),
    close: () => {
      call.end();
      client.close();
    },
  };
}

describe.each(["v1", "v1alpha"] as const)("server reflection %s, to a @grpc/grpc-js client", (version) => {
  let host: ServiceHost;
  let stream: ReturnType<typeof reflectionStream>;
  beforeAll(async () => {
    // No credentials on the client: reflection, like health, is open to every caller.
    host = await startServiceHost({
      name: "t",
      port: 0,
      services: [WalletService],
      routes: () => {},
      logger: silentLogger(),
      callerAuth: developmentCallerAuth(),
      callerPolicy: everyMethodFor([WalletService]),
    });
    stream = reflectionStream(`127.0.0.1:${host.port}`, version);
  });
  afterAll(async () => {
    stream.close();
    await host.stop();
  });

  it("lists the host's services, health and both reflection services", async () => {
    const answer = await stream.ask({ list_services: "" });
    expect(answer.list_services_response?.service.map((s) => s.name).sort()).toEqual([
      "grpc.health.v1.Health",
      "grpc.reflection.v1.ServerReflection",
      "grpc.reflection.v1alpha.ServerReflection",
      "tarmac.wallet.v1.WalletService",
    ]);
  });

  it("describes a method: the file containing it, with every file it imports", async () => {
    const answer = await stream.ask({ file_containing_symbol: "tarmac.wallet.v1.WalletService.Hold" });
    const files = (answer.file_descriptor_response?.file_descriptor_proto ?? []).map((bytes) =>
      fromBinary(FileDescriptorProtoSchema, bytes),
    );
    expect(files.map((f) => f.name)).toEqual(["tarmac/wallet/v1/wallet.proto", "google/protobuf/timestamp.proto"]);
    // A registry builds only when every import is there.
    const registry = createFileRegistry(files[0]!, (name) => files.find((f) => f.name === name));
    const hold = registry.getService("tarmac.wallet.v1.WalletService")?.methods.find((m) => m.name === "Hold");
    expect(hold?.input.typeName).toBe("tarmac.wallet.v1.HoldRequest");
    expect(hold?.methodKind).toBe("unary");
  });

  it("finds a message by name and a file by file name, and says NOT_FOUND for what it does not know", async () => {
    const message = await stream.ask({ file_containing_symbol: "tarmac.wallet.v1.HoldRequest" });
    expect(fromBinary(FileDescriptorProtoSchema, message.file_descriptor_response!.file_descriptor_proto[0]!).name).toBe(
      "tarmac/wallet/v1/wallet.proto",
    );
    const health = await stream.ask({ file_by_filename: "grpc/health/v1/health.proto" });
    expect(health.file_descriptor_response?.file_descriptor_proto).toHaveLength(1);
    const unknown = await stream.ask({ file_containing_symbol: "tarmac.nothing.v1.Nope" });
    expect(unknown.error_response?.error_code).toBe(grpc.status.NOT_FOUND);
    const numbers = await stream.ask({ all_extension_numbers_of_type: "tarmac.wallet.v1.HoldRequest" });
    expect(numbers.all_extension_numbers_response?.extension_number).toEqual([]);
  });
});
