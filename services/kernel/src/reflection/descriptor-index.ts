import { toBinary, type DescFile } from "@bufbuild/protobuf";
import { nestedTypes } from "@bufbuild/protobuf/reflect";
import { FileDescriptorProtoSchema } from "@bufbuild/protobuf/wkt";

/**
 * What server reflection answers from: the files of the services a host serves and every file they
 * import (transitively), each found by its file name, by any fully-qualified name it declares
 * (service, method, message, field, oneof, enum, enum value, extension), and by the extensions it
 * declares for a message.
 */
export class DescriptorIndex {
  private readonly byFileName = new Map<string, DescFile>();
  private readonly bySymbol = new Map<string, DescFile>();
  /** Extendee type name -> field number -> the file declaring the extension. */
  private readonly extensions = new Map<string, Map<number, DescFile>>();
  private readonly encoded = new Map<DescFile, Uint8Array>();

  constructor(files: Iterable<DescFile>) {
    for (const file of files) this.add(file);
  }

  file(name: string): DescFile | undefined {
    return this.byFileName.get(name);
  }

  fileContaining(symbol: string): DescFile | undefined {
    return this.bySymbol.get(symbol);
  }

  fileExtending(typeName: string, fieldNumber: number): DescFile | undefined {
    return this.extensions.get(typeName)?.get(fieldNumber);
  }

  extensionNumbers(typeName: string): number[] | undefined {
    const numbers = this.extensions.get(typeName);
    return numbers && [...numbers.keys()].sort((a, b) => a - b);
  }

  knows(symbol: string): boolean {
    return this.bySymbol.has(symbol);
  }

  /**
   * The file and the files it imports, transitively, each serialized as a FileDescriptorProto:
   * the file first, then those not in `sent` (which gains them), as grpc-go answers.
   */
  withDependencies(file: DescFile, sent: Set<string>): Uint8Array[] {
    const answer = [file];
    const queue = [...file.dependencies];
    sent.add(file.proto.name);
    for (let next = queue.shift(); next; next = queue.shift()) {
      if (sent.has(next.proto.name)) continue;
      sent.add(next.proto.name);
      answer.push(next);
      queue.push(...next.dependencies);
    }
    return answer.map((f) => this.encode(f));
  }

  private encode(file: DescFile): Uint8Array {
    let bytes = this.encoded.get(file);
    if (!bytes) this.encoded.set(file, (bytes = toBinary(FileDescriptorProtoSchema, file.proto)));
    return bytes;
  }

  private add(file: DescFile): void {
    if (this.byFileName.has(file.proto.name)) return;
    this.byFileName.set(file.proto.name, file);
    for (const type of nestedTypes(file)) {
      this.bySymbol.set(type.typeName, file);
      switch (type.kind) {
        case "message":
          for (const member of [...type.fields, ...type.oneofs]) this.bySymbol.set(`${type.typeName}.${member.name}`, file);
          break;
        case "enum":
          // Enum values are scoped like C++ enumerators: beside the enum, not inside it.
          for (const value of type.values) this.bySymbol.set(besides(type.typeName, value.name), file);
          break;
        case "service":
          for (const method of type.methods) this.bySymbol.set(`${type.typeName}.${method.name}`, file);
          break;
        case "extension": {
          const numbers = this.extensions.get(type.extendee.typeName) ?? new Map<number, DescFile>();
          numbers.set(type.number, file);
          this.extensions.set(type.extendee.typeName, numbers);
          break;
        }
      }
    }
    for (const dependency of file.dependencies) this.add(dependency);
  }
}

/** `a.b.Color`, `RED` -> `a.b.RED`. */
function besides(typeName: string, name: string): string {
  const dot = typeName.lastIndexOf(".");
  return dot < 0 ? name : `${typeName.slice(0, dot)}.${name}`;
}
