/**
 * Building blocks of both surfaces' JSON schemas. Fastify validates requests and serializes
 * answers with them and the OpenAPI document shows them, so what a generated client sees is what
 * the gateway does: every property says what it is (`description`), instants and dates carry
 * their `format`, and closed value sets an `enum` from where the values are defined (proto enums
 * through ../enum-names.ts, the kernel's catalogue), never a copy.
 */

/** A property's schema with what the document says about it. */
type Described<S> = S & { readonly description: string };

export const string = <M extends object = object>(description: string, more: M = {} as M) =>
  ({ type: "string", description, ...more }) as Described<{ readonly type: "string" } & M>;

export const integer = <M extends object = object>(description: string, more: M = {} as M) =>
  ({ type: "integer", description, ...more }) as Described<{ readonly type: "integer" } & M>;

export const number = <M extends object = object>(description: string, more: M = {} as M) =>
  ({ type: "number", description, ...more }) as Described<{ readonly type: "number" } & M>;

export const boolean = (description: string) => ({ type: "boolean", description }) as const;

/** An amount in integer paise (API guide, Money and pricing). */
export const paise = (description: string) => integer(`${description} (paise).`);

/** An instant, RFC 3339 in UTC (API guide: instants), e.g. `2026-11-22T06:30:00.000Z`. */
export const instant = (description: string) => string(description, { format: "date-time" });

/** An instant or null when there is none. */
export const nullableInstant = (description: string) => ({ type: ["string", "null"], format: "date-time", description }) as const;

/** A flight schedule time: RFC 3339 in the airport's local time with its offset, e.g. `2026-12-01T06:15:00+05:30`. */
export const localTime = (description: string) =>
  string(`${description}, in the airport's local time with its UTC offset.`, { format: "date-time" });

/** A calendar date, `YYYY-MM-DD`. */
export const date = (description: string) => string(description, { format: "date" });

/** One of a closed set of names. */
export const oneOf = (values: readonly string[], description: string) => ({ type: "string", enum: [...values], description }) as const;

export const array = <I extends object, M extends object = object>(items: I, description: string, more: M = {} as M) =>
  ({ type: "array", items, description, ...more }) as Described<{ readonly type: "array"; readonly items: I } & M>;

/** Adds a description to a schema that is used as a property (an object, a nullable one). */
export const described = <S extends object>(schema: S, description: string): Described<S> => ({ ...schema, description });

/** `schema` or null. */
export const nullable = <S extends object>(schema: S, description: string) => ({ anyOf: [schema, { type: "null" }], description }) as const;

/** A closed response object: every property declared and present. */
export const object = <P extends Record<string, unknown>>(properties: P) =>
  ({ type: "object", additionalProperties: false, required: Object.keys(properties), properties }) as const;

/** A closed request object with the properties it requires. */
export const closed = <P extends Record<string, unknown>>(properties: P, required: readonly (keyof P & string)[] = []) =>
  ({ type: "object", additionalProperties: false, ...(required.length > 0 && { required }), properties }) as const;

/** Free text of 1 to `maxLength` characters. */
export const text = (maxLength: number, description: string) => string(description, { minLength: 1, maxLength });

/** An IATA airport code, three capital letters. */
export const airport = (description: string) => string(description, { pattern: "^[A-Z]{3}$" });

/** A list request's `cursor`: the previous page's, or absent or null for the first page. */
export const previousPageCursor = (description: string) =>
  ({ type: ["string", "null"], minLength: 1, maxLength: 1024, description }) as const;

/** A list answer's `cursor`. */
export const nextPageCursor = { type: ["string", "null"], description: "Send it back for the next page; null on the last page." } as const;
