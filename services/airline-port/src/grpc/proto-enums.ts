import { fieldError, validationFailed } from "@tarmac/kernel";

/**
 * protobuf-es enums drop the STANDARD lint prefix (CABIN_ECONOMY is `Cabin.ECONOMY`) and keep the
 * reverse mapping, so a domain name is the enum's key and no table per enum is written by hand.
 */
type ProtoEnum<E extends number = number> = Readonly<Record<string, string | E>>;

export function enumToProto<E extends number>(protoEnum: ProtoEnum<E>, name: string): E {
  const value = protoEnum[name];
  if (typeof value !== "number") throw new Error(`no protobuf value for ${name}`);
  return value;
}

/** The domain name of a wire value; an unspecified or unknown value is a malformed message. */
export function enumFromProto<T extends string>(protoEnum: ProtoEnum, value: number, names: readonly T[], field: string): T {
  const name = protoEnum[value];
  if (typeof name === "string" && (names as readonly string[]).includes(name)) return name as T;
  throw validationFailed([fieldError(field, "INVALID_VALUE", `must be one of ${names.join(", ")} (got ${value})`)]);
}
