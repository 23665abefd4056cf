import type { RecordedExamples } from "../../openapi/recorded-examples.js";

type Json = Record<string, any>;

export interface DocumentExample {
  /** Keys from the document's root to the schema the example must satisfy. */
  readonly schemaAt: readonly string[];
  readonly value: unknown;
  /** Where it is, e.g. `POST /flight/search request example newSearch`. */
  readonly where: string;
}

const METHODS = new Set(["get", "put", "post", "delete", "options", "head", "patch", "trace"]);

/** What a key path names for a reader: `POST /flight/search response 200`, `component ErrorEnvelope`. */
function describe(keys: readonly string[]): string {
  const [root, a, b, ...rest] = keys;
  if (root === "paths" && b !== undefined && METHODS.has(b)) {
    const tail = rest[0] === "requestBody" ? "request" : rest[0] === "responses" ? `response ${rest[1]}` : rest.slice(0, 2).join(" ");
    return `${b.toUpperCase()} ${a} ${tail}`;
  }
  return keys.join("/");
}

/**
 * Every example of an OpenAPI document with the schema it illustrates: the `example` and named
 * `examples` of media types, parameters and headers (against their `schema`), and the `examples`
 * arrays inside schemas (against the schema that holds them).
 */
export function examplesOf(document: Json): DocumentExample[] {
  const found: DocumentExample[] = [];
  const walk = (node: unknown, keys: string[], inSchema: boolean): void => {
    if (Array.isArray(node)) {
      node.forEach((item, i) => walk(item, [...keys, String(i)], inSchema));
      return;
    }
    if (!node || typeof node !== "object") return;
    const object = node as Json;
    if (!inSchema && object.schema && typeof object.schema === "object") {
      if (object.example !== undefined)
        found.push({ schemaAt: [...keys, "schema"], value: object.example, where: `${describe(keys)} example` });
      for (const [name, example] of Object.entries((object.examples ?? {}) as Record<string, Json>)) {
        found.push({ schemaAt: [...keys, "schema"], value: example.value, where: `${describe(keys)} example ${name}` });
      }
    }
    if (inSchema && Array.isArray(object.examples)) {
      object.examples.forEach((value, i) => found.push({ schemaAt: keys, value, where: `${describe(keys)} examples[${i}]` }));
    }
    for (const [key, child] of Object.entries(object)) {
      if (!inSchema && key === "examples") continue;
      const schemaNext = inSchema || key === "schema" || (keys.length === 2 && keys[0] === "components" && keys[1] === "schemas");
      walk(child, [...keys, key], schemaNext);
    }
  };
  walk(document, [], false);
  return found;
}

/** How many examples a recording holds (request bodies and responses). */
export function countOf(recorded: RecordedExamples): number {
  return Object.values(recorded.operations).reduce(
    (n, op) =>
      n + Object.keys(op.request ?? {}).length + Object.values(op.responses ?? {}).reduce((m, named) => m + Object.keys(named).length, 0),
    0,
  );
}
