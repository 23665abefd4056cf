import { documentAjv } from "./document-ajv.js";
import { operationResolver } from "./operation-resolver.js";

type Json = Record<string, any>;

/** One answer of the gateway as a client saw it. */
export interface Exchange {
  readonly method: string;
  /** The request's path (no query). */
  readonly path: string;
  readonly status: number;
  /** Header names in lower case. */
  readonly headers: Readonly<Record<string, string | undefined>>;
  /** The body as sent ("" when none). */
  readonly body: string;
}

/** Follows a local `$ref` of the document (`#/components/...`) to what it names, and the keys that lead there. */
function follow(document: Json, keys: string[]): { node: Json; keys: string[] } {
  let node = keys.reduce<Json>((at, key) => at?.[key], document);
  while (typeof node?.$ref === "string" && node.$ref.startsWith("#/")) {
    keys = node.$ref
      .slice(2)
      .split("/")
      .map((k: string) => k.replaceAll("~1", "/").replaceAll("~0", "~"));
    node = keys.reduce<Json>((at, key) => at?.[key], document);
  }
  return { node, keys };
}

/** A header value against its schema (headers are text: integers are read as numbers first). */
function headerValue(raw: string, schema: Json): unknown {
  return schema.type === "integer" || schema.type === "number" ? (/^-?\d+(\.\d+)?$/.test(raw) ? Number(raw) : raw) : raw;
}

/**
 * Checks gateway answers against the OpenAPI document: the request reached a documented
 * operation; the status is documented for it (or `NXX`, or `default`); every header the response
 * marks `required` was sent and every documented header sent matches its schema; the body is
 * the documented media type and valid against its schema. Returns one line per problem.
 */
export function responseChecker(document: Json): (exchange: Exchange) => string[] {
  const resolve = operationResolver(document);
  const ajv = documentAjv(document);
  return (exchange) => {
    const at = `${exchange.method} ${exchange.path} ${exchange.status}`;
    const found = resolve(exchange.method, exchange.path);
    if (!found) return [`${at}: no operation of the document has this method and path`];
    const opKeys = ["paths", found.pathKey, found.method];
    const statusKey = [String(exchange.status), `${String(exchange.status)[0]}XX`, "default"].find((k) => found.operation.responses?.[k]);
    if (!statusKey) return [`${at}: status not documented for ${found.operation.operationId}`];
    const { node: response, keys: responseKeys } = follow(document, [...opKeys, "responses", statusKey]);
    const problems: string[] = [];
    for (const name of Object.keys((response.headers ?? {}) as Record<string, Json>)) {
      const { node: header, keys: headerKeys } = follow(document, [...responseKeys, "headers", name]);
      const raw = exchange.headers[name.toLowerCase()];
      if (raw === undefined) {
        if (header.required) problems.push(`${at}: required header ${name} missing`);
        continue;
      }
      if (header.schema) {
        for (const p of ajv.validate([...headerKeys, "schema"], headerValue(raw, header.schema)))
          problems.push(`${at}: header ${name} ${p}`);
      }
    }
    const content = (response.content ?? {}) as Record<string, Json>;
    const mediaTypes = Object.keys(content);
    if (mediaTypes.length === 0) {
      if (exchange.body !== "") problems.push(`${at}: a body was sent where the document says none`);
      return problems;
    }
    const sentType = (exchange.headers["content-type"] ?? "").split(";")[0]!.trim();
    const mediaType = mediaTypes.find((m) => m === sentType);
    if (!mediaType) return [...problems, `${at}: content-type ${sentType || "(none)"} is not one of ${mediaTypes.join(", ")}`];
    if (!content[mediaType]!.schema) return problems;
    let body: unknown;
    try {
      body = mediaType.endsWith("json") ? JSON.parse(exchange.body) : exchange.body;
    } catch {
      return [...problems, `${at}: body is not JSON`];
    }
    for (const p of ajv.validate([...responseKeys, "content", mediaType, "schema"], body)) problems.push(`${at}: body ${p}`);
    return problems;
  };
}
