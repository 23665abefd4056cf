import { NO_STORE_PATH } from "../http/response-headers.js";

type Json = Record<string, unknown>;

const ref = (name: string) => ({ $ref: `#/components/headers/${name}` });

/**
 * Documents what the response-headers plugin sends, on the paths it sends it: every response
 * carries X-Content-Type-Options, and every response of a booking or wallet path Cache-Control
 * (the same NO_STORE_PATH decides both, so the document cannot claim other paths than the plugin
 * serves). Runs on full paths, before ./servers.ts makes the primary ones relative.
 */
export function withProtectiveHeaders(document: Json): Json {
  for (const [path, pathItem] of Object.entries((document.paths ?? {}) as Record<string, Json>)) {
    const noStore = NO_STORE_PATH.test(path);
    for (const operation of Object.values(pathItem) as Json[]) {
      for (const response of Object.values((operation.responses ?? {}) as Record<string, Json>)) {
        const headers = (response.headers ??= {}) as Record<string, unknown>;
        headers["X-Content-Type-Options"] = ref("X-Content-Type-Options");
        if (noStore) headers["Cache-Control"] ??= ref("Cache-Control");
      }
    }
  }
  return document;
}
