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

  describe("of a oneOf, the alternative the body meant", () => {
    // What Ajv reports for the search's oneOf (0: new search, cursor null; 1: next page, cursor a string).
    const branch = (index: number, keyword: string, instancePath: string, params: Record<string, unknown> = {}) => ({
      ...ajv(keyword, instancePath, params),
      schemaPath: `#/oneOf/${index}/${keyword === "required" ? "required" : `properties${instancePath}/${keyword}`}`,
    });
    const oneOf = { ...ajv("oneOf", "", { passingSchemas: null }), schemaPath: "#/oneOf" };

    it("is the first (default) one when no type rules it out", () => {
      const error = validationErrorFromSchema([
        branch(0, "required", "", { missingProperty: "origin" }),
        branch(0, "required", "", { missingProperty: "dod" }),
        branch(1, "required", "", { missingProperty: "cursor" }),
        oneOf,
      ]);
      expect(error.errors).toEqual([
        { field: "origin", code: "REQUIRED", message: "is required" },
        { field: "dod", code: "REQUIRED", message: "is required" },
      ]);
    });

    it("is another one when the type of a field the others accept rules the first out", () => {
      expect(
        mapped(
          branch(0, "type", "/cursor", { type: "null" }),
          branch(0, "required", "", { missingProperty: "dest" }),
          branch(0, "pattern", "/origin", { pattern: "^[A-Z]{3}$" }),
          branch(1, "pattern", "/origin", { pattern: "^[A-Z]{3}$" }),
          oneOf,
        ),
      ).toEqual([{ field: "origin", code: "INVALID_FORMAT", message: "must match the pattern ^[A-Z]{3}$" }]);
    });

    it("names every type the alternatives allow when the field fits none", () => {
      expect(
        mapped(
          branch(0, "type", "/cursor", { type: "null" }),
          branch(0, "required", "", { missingProperty: "origin" }),
          branch(1, "type", "/cursor", { type: "string" }),
          oneOf,
        ),
      ).toEqual([
        { field: "cursor", code: "INVALID_FORMAT", message: "must be a string or null" },
        { field: "origin", code: "REQUIRED", message: "is required" },
      ]);
    });
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
