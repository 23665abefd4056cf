import type { LookupAddress } from "node:dns";
import type { promises as dns } from "node:dns";
import { describe, expect, it } from "vitest";
import { checkWebhookUrl, classifyAddress, resolvePublicAddress } from "./url-policy.js";

const production = { allowLoopbackHttp: false };
const development = { allowLoopbackHttp: true };

describe("checkWebhookUrl", () => {
  it("accepts an absolute https URL", () => {
    const check = checkWebhookUrl("https://hooks.example.com/tarmac?x=1", production);
    expect(check.ok).toBe(true);
    if (check.ok) expect(check.url.href).toBe("https://hooks.example.com/tarmac?x=1");
  });

  it.each([
    ["not a url", "not an absolute URL"],
    ["/relative/path", "not an absolute URL"],
    ["http://hooks.example.com/", "must use https"],
    ["ftp://hooks.example.com/", "must use https"],
    ["javascript:alert(1)", "must use https"],
    ["https://user:pass@hooks.example.com/", "user name or password"],
    ["https://user@hooks.example.com/", "user name or password"],
    ["https://hooks.example.com/#frag", "fragment"],
    ["https://hooks.example.com/#", "fragment"],
    [" https://hooks.example.com/", "spaces"],
    [`https://hooks.example.com/${"a".repeat(2048)}`, "longer than"],
  ])("refuses %s", (url, reason) => {
    const check = checkWebhookUrl(url, production);
    expect(check.ok).toBe(false);
    if (!check.ok) expect(check.reason).toContain(reason);
  });

  it("refuses plain http even to loopback in production", () => {
    expect(checkWebhookUrl("http://127.0.0.1:8080/hook", production).ok).toBe(false);
    expect(checkWebhookUrl("http://localhost:8080/hook", production).ok).toBe(false);
  });

  it("accepts plain http to 127.0.0.1, [::1] and localhost in development, nothing else", () => {
    expect(checkWebhookUrl("http://127.0.0.1:8080/hook", development).ok).toBe(true);
    expect(checkWebhookUrl("http://[::1]:8080/hook", development).ok).toBe(true);
    expect(checkWebhookUrl("http://localhost:8080/hook", development).ok).toBe(true);
    expect(checkWebhookUrl("http://127.0.0.2:8080/hook", development).ok).toBe(false);
    expect(checkWebhookUrl("http://10.0.0.1/hook", development).ok).toBe(false);
    expect(checkWebhookUrl("http://hooks.example.com/", development).ok).toBe(false);
  });
});

describe("classifyAddress", () => {
  it.each([
    ["93.184.216.34", "public"],
    ["8.8.8.8", "public"],
    ["2606:4700:4700::1111", "public"],
    ["127.0.0.1", "loopback"],
    ["127.255.255.254", "loopback"],
    ["::1", "loopback"],
    ["10.1.2.3", "private"],
    ["172.16.0.1", "private"],
    ["172.31.255.255", "private"],
    ["192.168.1.1", "private"],
    ["fc00::1", "private"],
    ["fd12:3456::1", "private"],
    ["169.254.1.1", "link-local"],
    ["fe80::1", "link-local"],
    ["fe80::1%eth0", "link-local"],
    ["169.254.169.254", "metadata"],
    ["fd00:ec2::254", "metadata"],
    ["0.0.0.0", "unspecified"],
    ["0.1.2.3", "unspecified"],
    ["::", "unspecified"],
    ["100.64.0.1", "shared (CGNAT)"],
    ["100.127.255.255", "shared (CGNAT)"],
    ["224.0.0.1", "multicast"],
    ["239.255.255.250", "multicast"],
    ["ff02::1", "multicast"],
    ["240.0.0.1", "reserved"],
    ["255.255.255.255", "reserved"],
    ["::ffff:127.0.0.1", "loopback"],
    ["::ffff:7f00:1", "loopback"],
    ["::ffff:10.0.0.1", "private"],
    ["::ffff:169.254.169.254", "metadata"],
    ["::ffff:8.8.8.8", "public"],
    ["64:ff9b::10.0.0.1", "private"],
    ["64:ff9b::8.8.8.8", "public"],
    ["2002:7f00:1::", "loopback"],
    ["2002:a00:1::1", "private"],
    ["2002:808:808::1", "public"],
    ["::127.0.0.1", "reserved"],
    ["2001:db8::1", "reserved"],
    ["2001::1", "reserved"],
  ])("%s is %s", (address, kind) => {
    expect(classifyAddress(address)).toBe(kind);
  });

  it("172.15 and 172.32 are public, 100.63 and 100.128 are public", () => {
    expect(classifyAddress("172.15.255.255")).toBe("public");
    expect(classifyAddress("172.32.0.0")).toBe("public");
    expect(classifyAddress("100.63.255.255")).toBe("public");
    expect(classifyAddress("100.128.0.0")).toBe("public");
  });
});

function fakeLookup(answers: Record<string, LookupAddress[] | Error>): typeof dns.lookup {
  const lookup = async (hostname: string, options: unknown) => {
    expect(options).toMatchObject({ all: true });
    const answer = answers[hostname];
    if (answer === undefined) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
    if (answer instanceof Error) throw answer;
    return answer;
  };
  return lookup as unknown as typeof dns.lookup;
}

describe("resolvePublicAddress", () => {
  const strict = { allowLoopback: false };
  const lookup = fakeLookup({
    "hooks.example.com": [
      { address: "93.184.216.34", family: 4 },
      { address: "2606:2800:220:1::248", family: 6 },
    ],
    "mixed.example.com": [
      { address: "93.184.216.34", family: 4 },
      { address: "10.0.0.5", family: 4 },
    ],
    "mixed6.example.com": [
      { address: "93.184.216.34", family: 4 },
      { address: "::ffff:192.168.0.1", family: 6 },
    ],
    "metadata.example.com": [{ address: "169.254.169.254", family: 4 }],
    localhost: [
      { address: "::1", family: 6 },
      { address: "127.0.0.1", family: 4 },
    ],
    "rebind.example.com": [{ address: "127.0.0.1", family: 4 }],
    "empty.example.com": [],
    "v6only.example.com": [
      { address: "2606:2800:220:1::248", family: 6 },
      { address: "2606:2800:220:1::249", family: 6 },
    ],
  });

  it("answers the first IPv4 address when every address is public", async () => {
    const result = await resolvePublicAddress(new URL("https://hooks.example.com/x"), { ...strict, lookup });
    expect(result).toEqual({ address: "93.184.216.34", family: 4 });
    const v6only = await resolvePublicAddress(new URL("https://v6only.example.com/x"), { ...strict, lookup });
    expect(v6only).toEqual({ address: "2606:2800:220:1::248", family: 6 });
  });

  it("refuses a host when ANY of its addresses is not public", async () => {
    const mixed = await resolvePublicAddress(new URL("https://mixed.example.com/"), { ...strict, lookup });
    expect(mixed).toEqual({ refused: expect.stringContaining("private address (10.0.0.5)") });
    const mixed6 = await resolvePublicAddress(new URL("https://mixed6.example.com/"), { ...strict, lookup });
    expect(mixed6).toEqual({ refused: expect.stringContaining("private") });
  });

  it("refuses metadata, loopback names and hosts that do not resolve", async () => {
    expect(await resolvePublicAddress(new URL("https://metadata.example.com/"), { ...strict, lookup })).toEqual({
      refused: expect.stringContaining("metadata"),
    });
    expect(await resolvePublicAddress(new URL("https://rebind.example.com/"), { ...strict, lookup })).toEqual({
      refused: expect.stringContaining("loopback"),
    });
    expect(await resolvePublicAddress(new URL("https://nowhere.example.com/"), { ...strict, lookup })).toEqual({
      refused: expect.stringContaining("ENOTFOUND"),
    });
    expect(await resolvePublicAddress(new URL("https://empty.example.com/"), { ...strict, lookup })).toEqual({
      refused: expect.stringContaining("does not resolve"),
    });
  });

  it("checks IP literals without DNS, the URL parser's normal forms included", async () => {
    const noDns = fakeLookup({});
    const check = (url: string, allowLoopback = false) => resolvePublicAddress(new URL(url), { allowLoopback, lookup: noDns });
    expect(await check("https://93.184.216.34/")).toEqual({ address: "93.184.216.34", family: 4 });
    expect(await check("https://[2606:4700:4700::1111]/")).toEqual({ address: "2606:4700:4700::1111", family: 6 });
    expect(await check("https://10.0.0.1/")).toHaveProperty("refused");
    expect(await check("https://169.254.169.254/latest/meta-data")).toHaveProperty("refused");
    // 0x7f.1 and 2130706433 are 127.0.0.1 to the URL parser.
    expect(await check("https://0x7f.1/")).toHaveProperty("refused");
    expect(await check("https://2130706433/")).toHaveProperty("refused");
    expect(await check("https://[::ffff:127.0.0.1]/")).toHaveProperty("refused");
    expect(await check("https://[::ffff:a9fe:a9fe]/")).toEqual({ refused: expect.stringContaining("metadata") });
    expect(await check("https://[fd00:ec2::254]/")).toEqual({ refused: expect.stringContaining("metadata") });
  });

  it("allows loopback in development, never private or metadata", async () => {
    const dev = { allowLoopback: true, lookup };
    expect(await resolvePublicAddress(new URL("http://127.0.0.1:8080/"), dev)).toEqual({ address: "127.0.0.1", family: 4 });
    expect(await resolvePublicAddress(new URL("http://[::1]:8080/"), dev)).toEqual({ address: "::1", family: 6 });
    expect(await resolvePublicAddress(new URL("http://localhost:8080/"), dev)).toEqual({ address: "127.0.0.1", family: 4 });
    expect(await resolvePublicAddress(new URL("https://10.0.0.1/"), dev)).toHaveProperty("refused");
    expect(await resolvePublicAddress(new URL("https://metadata.example.com/"), dev)).toHaveProperty("refused");
    expect(await resolvePublicAddress(new URL("https://mixed.example.com/"), dev)).toHaveProperty("refused");
  });

  it("uses the system resolver by default", async () => {
    const result = await resolvePublicAddress(new URL("http://localhost/"), { allowLoopback: false });
    expect(result).toEqual({ refused: expect.stringContaining("loopback") });
  });
});
