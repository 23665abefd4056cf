import type { FastifySchemaValidationError } from "fastify";
import { describe, expect, it } from "vitest";
import { fieldPath, validationErrorFromSchema } from "./validation-errors.js";

const ajv = (keyword: string, instancePath: string, params: Record<string, unknown> = {}): FastifySchemaValidationError => ({
  keyword,
  instancePath,
  schemaPath: `#/${keyword}`,
  params,
  message: `ajv says ${keyword}`,
});

const mapped = (...errors: FastifySchemaValidationError[]) => validationErrorFromSchema(errors).errors;

describe("fieldPath", () => {
  it("turns JSON pointers into dotted paths with array indexes", () => {
    expect(fieldPath("")).toBe("");
    expect(fieldPath("/origin")).toBe("origin");
    expect(fieldPath("/passengers/0/first_name")).toBe("passengers[0].first_name");
    expect(fieldPath("/a/12/b/3")).toBe("a[12].b[3]");
    expect(fieldPath("/odd~1key/x~0y")).toBe("odd/key.x~y");
  });
});

describe("validationErrorFromSchema", () => {
  it("maps each keyword to its field code", () => {
    expect(
      mapped(
        ajv("required", "", { missingProperty: "origin" }),
        ajv("required", "/passengers/1", { missingProperty: "last_name" }),
        ajv("additionalProperties", "", { additionalProperty: "colour" }),
        ajv("type", "/pax_adult", { type: "integer" }),
        ajv("pattern", "/dest", { pattern: "^[A-Z]{3}$" }),
        ajv("format", "/contact/email", { format: "email" }),
        ajv("minimum", "/pax_child", { comparison: ">=", limit: 0 }),
        ajv("maximum", "/limit", { comparison: "<=", limit: 500 }),
        ajv("minLength", "/cursor", { limit: 1 }),
        ajv("maxLength", "/mode", { limit: 32 }),
        ajv("minItems", "/passengers", { limit: 1 }),
        ajv("maxItems", "/segments", { limit: 9 }),
        ajv("enum", "/cabin", { allowedValues: ["ECONOMY", "FIRST"] }),
        ajv("const", "/type", { allowedValue: "EMAIL" }),
      ),
    ).toEqual([
      { field: "origin", code: "REQUIRED", message: "is required" },
      { field: "passengers[1].last_name", code: "REQUIRED", message: "is required" },
      { field: "colour", code: "UNKNOWN_FIELD", message: "is not a known field" },
      { field: "pax_adult", code: "INVALID_FORMAT", message: "must be an integer" },
      { field: "dest", code: "INVALID_FORMAT", message: "must match the pattern ^[A-Z]{3}$" },
      { field: "contact.email", code: "INVALID_FORMAT", message: "must be a valid email" },
      { field: "pax_child", code: "OUT_OF_RANGE", message: "must be at least 0" },
      { field: "limit", code: "OUT_OF_RANGE", message: "must be at most 500" },
      { field: "cursor", code: "OUT_OF_RANGE", message: "must be at least 1 character long" },
      { field: "mode", code: "OUT_OF_RANGE", message: "must be at most 32 characters long" },
      { field: "passengers", code: "OUT_OF_RANGE", message: "must have at least 1 item" },
      { field: "segments", code: "OUT_OF_RANGE", message: "must have at most 9 items" },
      { field: "cabin", code: "INVALID_VALUE", message: "must be one of ECONOMY, FIRST" },
      { field: "type", code: "INVALID_VALUE", message: 'must be "EMAIL"' },
    ]);
  });

  it("drops the wrapper error of if/then/else and keeps the branch's own errors", () => {
    const error = validationErrorFromSchema([ajv("required", "", { missingProperty: "dod" }), ajv("if", "", { failingKeyword: "else" })]);
    expect(error.code).toBe("VALIDATION_FAILED");
    expect(error.errors).toEqual([{ field: "dod", code: "REQUIRED", message: "is required" }]);
    expect(error.message).toBe("dod: is required");
  });

  it("reports the first problem of a field only", () => {
    expect(mapped(ajv("type", "/limit", { type: "integer" }), ajv("minimum", "/limit", { comparison: ">=", limit: 1 }))).toEqual([
      { field: "limit", code: "INVALID_FORMAT", message: "must be an integer" },
    ]);
  });

  it("bounds the number of entries", () => {
    const many = Array.from({ length: 500 }, (_, i) => ajv("additionalProperties", "", { additionalProperty: `k${i}` }));
    expect(mapped(...many)).toHaveLength(50);
  });

  it("names no field when the body is not an object", () => {
    const error = validationErrorFromSchema([ajv("type", "", { type: "object" })]);
    expect(error.message).toBe("Request body must be a JSON object");
    expect(error.errors).toEqual([]);
  });

  it("keeps unknown keywords as INVALID_VALUE with Ajv's message", () => {
    expect(mapped(ajv("multipleOf", "/amount", { multipleOf: 100 }))).toEqual([
      { field: "amount", code: "INVALID_VALUE", message: "ajv says multipleOf" },
    ]);
  });
});
