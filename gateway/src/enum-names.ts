import type { DescEnum } from "@bufbuild/protobuf";

/**
 * The names a proto enum's values have in the JSON of both surfaces: the generated TypeScript
 * member names (`BOOKING_STATUS_TICKETED` is `TICKETED`), what `BookingStatus[status]` answers,
 * without the zero value, which never reaches a client. Schemas take their `enum` lists from here,
 * so a value added to a .proto appears in validation and in the OpenAPI document by itself.
 */
export function enumNames(descriptor: DescEnum): string[] {
  return descriptor.values.filter((value) => value.number !== 0).map((value) => value.localName);
}

/** The member names of a generated enum, as a type: what `enumNames` lists at run time. */
export type EnumName<E> = Exclude<keyof E, "UNSPECIFIED">;
