import { fieldError, validationFailed, type FieldError } from "@tarmac/kernel";
import { isEventType } from "./domain/event-catalogue.js";

/** What the service asks of a URL before it keeps it: the syntax rules, then where its host resolves. */
export interface UrlRules {
  check(url: string): { readonly ok: true; readonly url: URL } | { readonly ok: false; readonly reason: string };
  resolve(url: URL): Promise<{ readonly address: string } | { readonly refused: string }>;
}

/** Collects an endpoint request's field errors and throws them together, as every service here does. */
export class EndpointFields {
  private readonly errors: FieldError[] = [];

  constructor(private readonly urls: UrlRules) {}

  id(field: string, value: string, prefix: string): string {
    if (value === "") this.errors.push(fieldError(field, "REQUIRED", `${field} is required`));
    else if (!value.startsWith(`${prefix}_`) || value.length > 64)
      this.errors.push(fieldError(field, "INVALID_FORMAT", `${field} is not a ${prefix}_ id`));
    return value;
  }

  async url(value: string): Promise<string> {
    if (value === "") {
      this.errors.push(fieldError("url", "REQUIRED", "url is required"));
      return value;
    }
    const checked = this.urls.check(value);
    if (!checked.ok) {
      this.errors.push(fieldError("url", "INVALID_VALUE", checked.reason));
      return value;
    }
    const resolved = await this.urls.resolve(checked.url);
    if ("refused" in resolved) this.errors.push(fieldError("url", "INVALID_VALUE", resolved.refused));
    return checked.url.href;
  }

  eventTypes(values: readonly string[]): string[] {
    if (values.length === 0) this.errors.push(fieldError("event_types", "REQUIRED", "name at least one event type"));
    values.forEach((name, i) => {
      if (!isEventType(name))
        this.errors.push(fieldError(`event_types[${i}]`, "INVALID_VALUE", `"${name}" is not an event type (README, Webhooks)`));
    });
    return [...new Set(values)];
  }

  description(value: string): string {
    if (value.length > 200) this.errors.push(fieldError("description", "OUT_OF_RANGE", "description is at most 200 characters"));
    return value;
  }

  check(): void {
    if (this.errors.length > 0) throw validationFailed(this.errors);
  }
}
