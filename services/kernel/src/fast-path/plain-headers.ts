import type { IncomingHttpHeaders, OutgoingHttpHeaders } from "node:http2";

/** An HTTP field name (RFC 9110 token). */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/**
 * What a field value may not hold: NUL, CR, LF (Fetch), and characters beyond Latin-1, which undici
 * refuses (a ByteString) and Node's HTTP/2 would cut to their low byte.
 */
const FORBIDDEN_IN_VALUE = /[\0\r\n\u0100-\uffff]/;
/** Leading and trailing HTTP whitespace, which Fetch strips from values. */
const OUTER_WHITESPACE = /^[\t\n\r ]+|[\t\n\r ]+$/g;
const SET_COOKIE = "set-cookie";

type Entries = ReturnType<Headers["entries"]>;
type Names = ReturnType<Headers["keys"]>;

/**
 * Fetch's Headers over a plain Map, for the unary gRPC fast paths (issue 17): the same names
 * (lower-cased, checked), values (trimmed, checked, repeated ones joined with ", ") and sorted
 * iteration, without the WebIDL conversions that made undici's Headers a tenth of a small call's
 * CPU, created four times per call. Read from and written to Node's header objects directly.
 */
export class PlainHeaders implements Headers {
  private readonly fields = new Map<string, string>();
  /** Set-Cookie lines stay apart, as Fetch keeps them (getSetCookie). */
  private cookies: string[] = [];

  constructor(init?: ConstructorParameters<typeof Headers>[0]) {
    if (init === undefined) return;
    if (Symbol.iterator in init) {
      for (const [name, value] of init as Iterable<readonly string[]>) {
        if (name === undefined || value === undefined) throw new TypeError("a header needs a name and a value");
        this.append(name, value);
      }
      return;
    }
    for (const [name, value] of Object.entries(init)) {
      for (const one of typeof value === "string" ? [value] : value) this.append(name, one);
    }
  }

  /** Node's received headers (names already lower-case and checked by Node), pseudo-headers left out. */
  static fromIncoming(headers: IncomingHttpHeaders): PlainHeaders {
    const result = new PlainHeaders();
    for (const name in headers) {
      const value = headers[name];
      if (name.charCodeAt(0) === 58 /* ":" */ || value === undefined) continue;
      if (name === SET_COOKIE) result.cookies = Array.isArray(value) ? [...value] : [value];
      else result.fields.set(name, Array.isArray(value) ? value.join(", ") : value);
    }
    return result;
  }

  /** The object Node's HTTP/2 API writes (Set-Cookie as its lines). */
  toOutgoing(): OutgoingHttpHeaders {
    const result: OutgoingHttpHeaders = {};
    for (const [name, value] of this.fields) result[name] = value;
    if (this.cookies.length > 0) result[SET_COOKIE] = [...this.cookies];
    return result;
  }

  append(name: string, value: string): void {
    const key = checkedName(name);
    const text = checkedValue(value);
    if (key === SET_COOKIE) this.cookies.push(text);
    else {
      const prior = this.fields.get(key);
      this.fields.set(key, prior === undefined ? text : `${prior}, ${text}`);
    }
  }

  set(name: string, value: string): void {
    const key = checkedName(name);
    const text = checkedValue(value);
    if (key === SET_COOKIE) this.cookies = [text];
    else this.fields.set(key, text);
  }

  get(name: string): string | null {
    const key = name.toLowerCase();
    if (key === SET_COOKIE) return this.cookies.length > 0 ? this.cookies.join(", ") : null;
    return this.fields.get(key) ?? null;
  }

  has(name: string): boolean {
    const key = name.toLowerCase();
    return key === SET_COOKIE ? this.cookies.length > 0 : this.fields.has(key);
  }

  delete(name: string): void {
    const key = checkedName(name);
    if (key === SET_COOKIE) this.cookies = [];
    else this.fields.delete(key);
  }

  getSetCookie(): string[] {
    return [...this.cookies];
  }

  forEach(callback: (value: string, key: string, parent: Headers) => void, thisArg?: unknown): void {
    for (const [name, value] of this) callback.call(thisArg, value, name, this);
  }

  /** Sorted by name, Set-Cookie once per line: Fetch's order. */
  *entries(): Entries {
    const names = [...this.fields.keys()];
    if (this.cookies.length > 0) names.push(SET_COOKIE);
    for (const name of names.sort()) {
      if (name === SET_COOKIE) for (const cookie of this.cookies) yield [name, cookie];
      else yield [name, this.fields.get(name) ?? ""];
    }
  }

  *keys(): Names {
    for (const [name] of this) yield name;
  }

  *values(): Names {
    for (const [, value] of this) yield value;
  }

  [Symbol.iterator](): Entries {
    return this.entries();
  }
}

/**
 * PlainHeaders where Fetch's Headers is expected. Nothing that reads them (Connect's gRPC protocol
 * functions, Tarmac's interceptors) asks `instanceof Headers`; they read them through its methods.
 */
export function asHeaders(headers: PlainHeaders): Headers {
  // eslint-disable-next-line @typescript-eslint/no-unsafe-class-instance-assignment -- see above
  return headers;
}

function checkedName(name: string): string {
  if (!TOKEN.test(name)) throw new TypeError(`invalid header name: ${JSON.stringify(name)}`);
  return name.toLowerCase();
}

function checkedValue(value: string): string {
  let text = value;
  if (isWhitespace(text.charCodeAt(0)) || isWhitespace(text.charCodeAt(text.length - 1))) text = text.replace(OUTER_WHITESPACE, "");
  if (FORBIDDEN_IN_VALUE.test(text)) throw new TypeError(`invalid header value: ${JSON.stringify(text)}`);
  return text;
}

/** HTTP whitespace: tab, LF, CR, space. */
const isWhitespace = (code: number) => code === 9 || code === 10 || code === 13 || code === 32;
