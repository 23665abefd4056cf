import { create, fromBinary, toBinary, type DescFile, type DescService, type MessageInitShape } from "@bufbuild/protobuf";
import { Code, type ConnectRouter } from "@connectrpc/connect";
import {
  ServerReflection as ServerReflectionV1,
  ServerReflectionRequestSchema,
  ServerReflectionResponseSchema,
  type ServerReflectionRequest,
  type ServerReflectionResponse,
} from "@tarmac/proto/grpc/reflection/v1/reflection_pb.js";
import {
  ServerReflection as ServerReflectionV1Alpha,
  ServerReflectionRequestSchema as AlphaRequestSchema,
  ServerReflectionResponseSchema as AlphaResponseSchema,
  type ServerReflectionRequest as AlphaRequest,
} from "@tarmac/proto/grpc/reflection/v1alpha/reflection_pb.js";
import { file_google_rpc_error_details } from "@tarmac/proto/google/rpc/error_details_pb.js";
import { file_tarmac_errors_v1_errors } from "@tarmac/proto/tarmac/errors/v1/errors_pb.js";
import { DescriptorIndex } from "./descriptor-index.js";

/**
 * gRPC server reflection, `grpc.reflection.v1` and the older `v1alpha` (wire-identical; grpcurl,
 * buf curl, Postman and grpc_cli use one or the other), describing the given services, the two
 * reflection services and every file they import, and the error details every error carries (so
 * grpcurl and buf curl print them decoded). A bidirectional stream: HTTP/2 for gRPC clients.
 */
export function serveReflection(router: ConnectRouter, services: readonly DescService[]): void {
  const all = [...services, ServerReflectionV1, ServerReflectionV1Alpha];
  const reflection = new Reflection(
    all.map((s) => s.typeName),
    new DescriptorIndex([...all.map((s) => s.file), file_tarmac_errors_v1_errors, file_google_rpc_error_details]),
  );
  router.service(ServerReflectionV1, {
    serverReflectionInfo: (requests) => reflection.answerAll(requests),
  });
  router.service(ServerReflectionV1Alpha, {
    async *serverReflectionInfo(requests) {
      for await (const answer of reflection.answerAll(v1Requests(requests))) {
        yield fromBinary(AlphaResponseSchema, toBinary(ServerReflectionResponseSchema, answer));
      }
    },
  });
}

async function* v1Requests(requests: AsyncIterable<AlphaRequest>): AsyncIterable<ServerReflectionRequest> {
  for await (const request of requests) yield fromBinary(ServerReflectionRequestSchema, toBinary(AlphaRequestSchema, request));
}

type Answer = MessageInitShape<typeof ServerReflectionResponseSchema>["messageResponse"];

class Reflection {
  constructor(
    private readonly serviceNames: readonly string[],
    private readonly index: DescriptorIndex,
  ) {}

  /** One answer per request, in order; a file already sent on this stream is not sent again as a dependency. */
  async *answerAll(requests: AsyncIterable<ServerReflectionRequest>): AsyncIterable<ServerReflectionResponse> {
    const sent = new Set<string>();
    for await (const request of requests) {
      const messageResponse = this.answer(request, sent);
      yield create(ServerReflectionResponseSchema, { validHost: request.host, originalRequest: request, messageResponse });
    }
  }

  private answer({ messageRequest: asked }: ServerReflectionRequest, sent: Set<string>): Answer {
    const { index } = this;
    const files = (file: DescFile | undefined, what: string): Answer =>
      file
        ? { case: "fileDescriptorResponse", value: { fileDescriptorProto: index.withDependencies(file, sent) } }
        : error(Code.NotFound, `${what} not found`);
    switch (asked.case) {
      case "listServices":
        return { case: "listServicesResponse", value: { service: this.serviceNames.map((name) => ({ name })) } };
      case "fileByFilename":
        return files(index.file(asked.value), `file ${asked.value}`);
      case "fileContainingSymbol":
        return files(index.fileContaining(asked.value), `symbol ${asked.value}`);
      case "fileContainingExtension": {
        const { containingType, extensionNumber } = asked.value;
        return files(index.fileExtending(containingType, extensionNumber), `extension ${extensionNumber} of ${containingType}`);
      }
      case "allExtensionNumbersOfType": {
        const numbers = index.extensionNumbers(asked.value) ?? (index.knows(asked.value) ? [] : undefined);
        if (!numbers) return error(Code.NotFound, `type ${asked.value} not found`);
        return { case: "allExtensionNumbersResponse", value: { baseTypeName: asked.value, extensionNumber: numbers } };
      }
      default:
        return error(Code.InvalidArgument, "empty reflection request");
    }
  }
}

function error(code: Code, message: string): Answer {
  return { case: "errorResponse", value: { errorCode: code, errorMessage: message } };
}
