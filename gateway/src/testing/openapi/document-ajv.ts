import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";

type Json = Record<string, any>;

/**
 * OpenAPI 3.1's own Schema Object keywords beyond JSON Schema 2020-12, and the document's top-level
 * fields (the document is the root Ajv resolves pointers from): annotations, never validated.
 */
const OPENAPI_KEYWORDS = ["discriminator", "xml", "externalDocs", "example"];
const DOCUMENT_FIELDS = ["openapi", "info", "jsonSchemaDialect", "servers", "paths", "webhooks", "components", "security", "tags"];

/** JSON Pointer of a path of keys, as Ajv resolves it in a `$ref`. */
function pointer(keys: readonly string[]): string {
  return `#/${keys.map((key) => key.replaceAll("~", "~0").replaceAll("/", "~1")).join("/")}`;
}

/**
 * An independent validator of what an OpenAPI 3.1 document says (not Fastify's own Ajv set up as
 * the gateway's): JSON Schema 2020-12, strict (an unknown keyword or format is an error, not a
 * pass), every format checked (ajv-formats: date-time, email, uri, ...). The document is added
 * whole, so a schema anywhere in it is compiled by its JSON Pointer with its `$ref`s resolved.
 */
export function documentAjv(document: Json): { validate(at: readonly string[], value: unknown): string[] } {
  // Strict about what changes validation (unknown keywords and formats); not about style (a `required`
  // name declared in another branch, a `properties` without `type: object`), which Ajv's strict mode also polices.
  const ajv = new Ajv2020({ strict: true, strictRequired: false, strictTypes: false, allErrors: true, validateSchema: false });
  addFormats.default(ajv);
  for (const keyword of [...OPENAPI_KEYWORDS, ...DOCUMENT_FIELDS.filter((field) => field !== "externalDocs")]) ajv.addKeyword({ keyword });
  const id = "tarmac-openapi.json";
  ajv.addSchema(document, id);
  const compiled = new Map<string, ReturnType<typeof ajv.compile>>();
  return {
    validate(at, value) {
      const ref = `${id}${pointer(at)}`;
      let check = compiled.get(ref);
      if (!check) {
        check = ajv.compile({ $ref: ref });
        compiled.set(ref, check);
      }
      if (check(value)) return [];
      return (check.errors ?? []).map((e) => `${e.instancePath || "/"} ${e.message ?? e.keyword} ${JSON.stringify(e.params)}`);
    },
  };
}
