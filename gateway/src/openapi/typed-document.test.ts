import { catalogue, createLogger, ERROR_CATEGORIES, FIELD_ERROR_CODES } from "@tarmac/kernel";
import { BookingStatusSchema, RescheduleItemKindSchema } from "@tarmac/proto/tarmac/booking/v1/booking_pb.js";
import { EntryKindSchema } from "@tarmac/proto/tarmac/wallet/v1/wallet_pb.js";
import { EVENT_TYPES } from "@tarmac/webhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build } from "../app.js";
import { enumNames } from "../enum-names.js";
import { AncillaryKindSchema } from "@tarmac/proto/tarmac/fare/v1/fare_pb.js";
import { fakeServiceClients } from "../testing/fake-services.js";
import { InvoiceKindSchema } from "@tarmac/proto/tarmac/booking/v1/invoice_pb.js";
import { ScheduleChangeKindSchema } from "@tarmac/proto/tarmac/booking/v1/schedule_change_pb.js";
import { PURE_AGENT_DESCRIPTIONS, SUPPLY_DESCRIPTIONS } from "@tarmac/tax";
import { OPENAPI_PATH } from "./plugin.js";
import { INVOICE_EXPORT_KINDS } from "../primary/invoices/schemas.js";

type Json = Record<string, any>;

/** Every property schema of the document (request and response bodies, components), with where it is. */
function propertiesOf(document: Json): { where: string; name: string; schema: Json }[] {
  const found: { where: string; name: string; schema: Json }[] = [];
  const walk = (node: unknown, where: string): void => {
    if (Array.isArray(node)) node.forEach((item, i) => walk(item, `${where}/${i}`));
    else if (node && typeof node === "object") {
      for (const [key, value] of Object.entries(node)) {
        if (key === "properties" && value && typeof value === "object" && !Array.isArray(value)) {
          for (const [name, schema] of Object.entries(value as Json)) found.push({ where: `${where}/properties/${name}`, name, schema });
        }
        if (key !== "examples" && key !== "example") walk(value, `${where}/${key}`);
      }
    }
  };
  walk(document.paths, "#/paths");
  walk(document.components, "#/components");
  return found;
}

/** The string types a property schema allows, through `anyOf` (nullable objects) as well. */
const isString = (schema: Json) => [schema.type].flat().includes("string");

describe("the OpenAPI document, as a client generator reads it", () => {
  let document: Json;
  let properties: ReturnType<typeof propertiesOf>;
  const app = build({ clients: fakeServiceClients().clients, logger: createLogger({ name: "gateway", level: "silent" }) });

  beforeAll(async () => {
    document = (await app.inject({ method: "GET", url: OPENAPI_PATH })).json();
    properties = propertiesOf(document);
  });
  afterAll(() => app.close());

  it("describes every property of every request and response schema", () => {
    expect(properties.length).toBeGreaterThan(300);
    const undescribed = properties.filter(({ schema }) => typeof schema.description !== "string" || schema.description.length < 3);
    expect(undescribed.map((p) => p.where)).toEqual([]);
  });

  it("gives every instant and schedule time a date-time format and every date of birth a date format", () => {
    // `required_at` (a fare requirement's BOOK or TICKET) is a stage, not an instant.
    const times = properties.filter(
      ({ name }) => name !== "required_at" && /(_at|_until|_time|^at|^from|^to|^created_from|^created_to)$/.test(name),
    );
    expect(times.length).toBeGreaterThanOrEqual(22);
    for (const { where, schema } of times) expect(schema.format, where).toBe("date-time");
    const births = properties.filter(({ name }) => name === "dob" || name === "born_on");
    expect(births.length).toBeGreaterThanOrEqual(3);
    for (const { where, schema } of births) expect(schema.format, where).toBe("date");
  });

  it("lists the values of every closed set of names as an enum", () => {
    const named =
      /^(status|cabin|travel_class|direction|position|kind|type|title|gender|pax_type|channel|token_type|category|code|reason_code|cancellation_type|event_type|display_currency|currency)$/;
    // Free text under those names: the airline's own error code, a one-time code, the code of a dev outbox message.
    // And the airline's codes of baggage and meals (XBAG10, VGML: each airline has its own).
    const open = [
      /\/provider\/properties\/code$/,
      /verify-otp\/.*\/code$/,
      /\/outbox\/.*\/code$/,
      /\/extras\/items\/properties\/code$/,
      /\/options\/items\/properties\/code$/,
      /\/selected\/items\/properties\/code$/,
      /ancillaries\/confirm\/.*\/items\/items\/properties\/code$/,
      // A reschedule quote's item: a seat number or the airline's baggage or meal code.
      /reschedule\/quote\/.*\/items\/items\/properties\/code$/,
    ];
    // The primary surface's `currency` is a plain code (INR); the secondary surface's are the configured rate table's.
    const closed = properties.filter(
      ({ where, name, schema }) =>
        named.test(name) &&
        isString(schema) &&
        !open.some((pattern) => pattern.test(where)) &&
        !(name === "currency" && !where.includes("/api/flights/")),
    );
    expect(closed.length).toBeGreaterThan(40);
    for (const { where, schema } of closed) expect(schema.enum, where).toEqual(expect.arrayContaining([expect.any(String)]));
  });

  it("takes the enums from where the values are defined", () => {
    const enumsOf = (name: string) => properties.filter((p) => p.name === name && p.schema.enum).map((p) => p.schema.enum as string[]);
    const envelope = document.components.schemas.ErrorEnvelope.properties.error.properties;
    expect(envelope.code.enum).toEqual(Object.keys(catalogue));
    expect(envelope.category.enum).toEqual([...ERROR_CATEGORIES]);
    expect(envelope.errors.items.properties.code.enum).toEqual([...FIELD_ERROR_CODES]);
    expect(document.components.schemas.SecondaryError.properties.error.properties.code.enum).toEqual(Object.keys(catalogue));
    const statuses = enumsOf("status").filter((values) => values.includes("TICKETED"));
    expect(statuses.length).toBeGreaterThanOrEqual(4); // create, status, status_history, list filter, secondary create...
    for (const values of statuses) expect(values).toEqual(enumNames(BookingStatusSchema));
    // A wallet entry's kind, an invoice's (list and get) and an ancillary's.
    const kinds = enumsOf("kind");
    const invoiceKinds = enumNames(InvoiceKindSchema);
    const isInvoiceKind = (values: readonly string[]) => values.join() === invoiceKinds.join();
    expect(kinds.filter((values) => values.includes("CAPTURE"))).toEqual([enumNames(EntryKindSchema)]);
    expect(kinds.filter(isInvoiceKind)).toHaveLength(2);
    // A reschedule quote's items are seats as well as baggage and meals.
    const isItemKind = (values: readonly string[]) => values.join() === enumNames(RescheduleItemKindSchema).join();
    expect(kinds.filter(isItemKind)).toHaveLength(1);
    // An invoice's supplies (the platform's fees) and its pure-agent lines (what was collected for the airline).
    const taxKinds = [Object.keys(SUPPLY_DESCRIPTIONS), Object.keys(PURE_AGENT_DESCRIPTIONS)].map((k) => k.join());
    const isTaxKind = (values: readonly string[]) => taxKinds.includes(values.join()) || values.join() === INVOICE_EXPORT_KINDS.join();
    // A schedule change's kind (list, get, accept, cancel and booking/status).
    const isChangeKind = (values: readonly string[]) => values.join() === enumNames(ScheduleChangeKindSchema).join();
    expect(kinds.filter(isChangeKind).length).toBeGreaterThanOrEqual(1);
    const otherKind = (v: readonly string[]) =>
      !v.includes("CAPTURE") && !isInvoiceKind(v) && !isItemKind(v) && !isTaxKind(v) && !isChangeKind(v);
    for (const values of kinds.filter(otherKind)) expect(values).toEqual(enumNames(AncillaryKindSchema));
    expect(enumsOf("cabin")[0]).toEqual(["ECONOMY", "PREMIUM_ECONOMY", "BUSINESS", "FIRST"]);
    const eventTypes = properties.find((p) => p.name === "event_types" && p.where.includes("requestBody"))?.schema;
    expect(eventTypes?.items.enum).toEqual([...EVENT_TYPES]);
  });

  it("serves the primary paths relative to the server /api/v1 and the secondary ones under a path server /", () => {
    expect(document.servers).toEqual([expect.objectContaining({ url: "/api/v1" })]);
    const paths = Object.keys(document.paths);
    expect(paths).toContain("/flight/search");
    expect(paths).toContain("/wallet/balance");
    expect(paths.filter((path) => path.startsWith("/api/v1"))).toEqual([]);
    const secondary = paths.filter((path) => path.startsWith("/api/"));
    expect(secondary).toEqual(expect.arrayContaining(["/api/auth/send-otp", "/api/flights/search", "/api/flights/booking/create"]));
    for (const path of secondary) expect(document.paths[path].servers, path).toEqual([expect.objectContaining({ url: "/" })]);
    for (const path of paths.filter((p) => !p.startsWith("/api/"))) expect(document.paths[path].servers, path).toBeUndefined();
  });

  it("types the search request as a new search or a next page, so an empty body fits neither", () => {
    const body = document.paths["/flight/search"].post.requestBody.content["application/json"].schema;
    const [newSearch, nextPage] = body.anyOf as Json[];
    expect(newSearch).toMatchObject({ title: "NewSearch", required: ["origin", "dest", "dod"], additionalProperties: false });
    expect(newSearch!.properties.cursor.type).toBe("null");
    expect(nextPage).toMatchObject({ title: "NextPage", required: ["cursor"], additionalProperties: false });
    expect(nextPage!.properties.cursor.type).toBe("string");
    expect(body.if).toBeUndefined();
  });
});
