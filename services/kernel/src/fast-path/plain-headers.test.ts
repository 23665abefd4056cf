import { describe, expect, it } from "vitest";
import { asHeaders, PlainHeaders } from "./plain-headers.js";

/** What a reader of Fetch's Headers sees: every entry in order, and each name's get and has. */
function view(headers: Headers, names: readonly string[]) {
  return {
    entries: [...headers],
    forEach: (() => {
      const seen: string[][] = [];
      headers.forEach((value, key) => seen.push([key, value]));
      return seen;
    })(),
    keys: [...headers.keys()],
    values: [...headers.values()],
    get: names.map((n) => headers.get(n)),
    has: names.map((n) => headers.has(n)),
    setCookie: headers.getSetCookie(),
  };
}

describe("PlainHeaders", () => {
  it("reads, writes and iterates as Fetch's Headers do", () => {
    const init = { "Content-Type": "application/grpc", "X-Request-Id": "  req-1\t" };
    const names = ["content-type", "CONTENT-TYPE", "x-request-id", "x-multi", "set-cookie", "te", "absent"];
    const apply = (h: Headers) => {
      h.append("X-Multi", "a");
      h.append("x-multi", "b");
      h.set("te", "trailers");
      h.append("Set-Cookie", "a=1");
      h.append("set-cookie", "b=2");
      h.set("grpc-status", "0");
      h.delete("GRPC-STATUS");
      return h;
    };
    expect(view(apply(asHeaders(new PlainHeaders(init))), names)).toEqual(view(apply(new Headers(init)), names));
    const pairs: [string, string][] = [
      ["b", "2"],
      ["A", "1"],
      ["a", "3"],
    ];
    expect(view(asHeaders(new PlainHeaders(pairs)), ["a", "b"])).toEqual(view(new Headers(pairs), ["a", "b"]));
    expect(view(asHeaders(new PlainHeaders(new Headers(init))), names)).toEqual(view(new Headers(init), names));
  });

  it("refuses names and values that Fetch refuses, so nothing unsendable reaches HTTP/2", () => {
    for (const h of [new PlainHeaders(), new Headers()]) {
      expect(() => h.set("bad name", "x")).toThrow(TypeError);
      expect(() => h.set("x-ok", "line\r\nbreak")).toThrow(TypeError);
      expect(() => h.append("x-ok", "nul\0")).toThrow(TypeError);
      // Node's HTTP/2 would send "Łódź" as "Aódz": refused here as undici refuses it.
      expect(() => h.set("x-city", "Łódź")).toThrow(TypeError);
    }
  });

  it("reads Node's received headers without pseudo-headers and writes Node's outgoing object", () => {
    const incoming = { ":path": "/x", ":method": "POST", "content-type": "application/grpc", "set-cookie": ["a=1", "b=2"] };
    const headers = PlainHeaders.fromIncoming(incoming);
    expect([...headers]).toEqual([
      ["content-type", "application/grpc"],
      ["set-cookie", "a=1"],
      ["set-cookie", "b=2"],
    ]);
    headers.set("grpc-status", "0");
    expect(headers.toOutgoing()).toEqual({ "content-type": "application/grpc", "grpc-status": "0", "set-cookie": ["a=1", "b=2"] });
  });
});
