import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createLogger } from "@tarmac/kernel";
import type { FastifyInstance } from "fastify";
import { type Browser, chromium } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build } from "../app.js";
import { fakeServiceClients } from "../testing/fake-services.js";
import { DOCS_CSP } from "./docs-page.js";

const CHROMIUM = "/usr/bin/chromium";
const hasChromium = existsSync(CHROMIUM);
if (!hasChromium) console.log(`docs page browser test skipped: no ${CHROMIUM} (.ci/run installs it with apt-get install chromium)`);

/** Any absolute or protocol-relative URL: the page must load nothing from elsewhere. */
const EXTERNAL_URL = /\b(?:https?:)?\/\/[a-z0-9.-]+/i;

describe("GET /docs", () => {
  let app: FastifyInstance;
  let base: string;

  beforeAll(async () => {
    const { clients } = fakeServiceClients();
    app = build({ clients, logger: createLogger({ name: "gateway", level: "silent" }) });
    await app.listen({ host: "127.0.0.1", port: 0 });
    const address = app.server.address();
    if (address === null || typeof address === "string") throw new Error("gateway did not listen on TCP");
    base = `http://127.0.0.1:${address.port}`;
  });
  // fetch (undici) keeps its connections alive; closing them at once spares close() a 30 s wait.
  afterAll(async () => {
    const closing = app.close();
    app.server.closeAllConnections();
    await closing;
  });

  it("serves Swagger UI from the package under a strict CSP, referencing nothing outside the gateway", async () => {
    const res = await fetch(`${base}/docs`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    expect(res.headers.get("content-security-policy")).toBe(DOCS_CSP);
    expect(DOCS_CSP).not.toMatch(/https?:|\*/);
    const html = await res.text();
    expect(html).toContain('<div id="swagger-ui">');
    expect(EXTERNAL_URL.exec(html), "external URL in the docs HTML").toBeNull();
    for (const [, src] of html.matchAll(/(?:src|href)="([^"]+)"/g)) expect(src, src).toMatch(/^\/docs\/static\//);

    const initializer = await fetch(`${base}/docs/static/swagger-initializer.js`);
    expect(initializer.status).toBe(200);
    const script = await initializer.text();
    expect(script).toContain("resolveUrl('./json')");
    expect(script).toContain("validatorUrl: null");
    const assets = await fetch(`${base}/docs/static/swagger-ui-bundle.js`);
    expect(assets.status).toBe(200);
    expect(assets.headers.get("content-type")).toMatch(/javascript/);
  });

  it.runIf(hasChromium)(
    "renders the operations in headless Chromium without a request leaving 127.0.0.1",
    async () => {
      let browser: Browser | undefined;
      try {
        browser = await chromium.launch({
          executablePath: CHROMIUM,
          args: [
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
          ],
        });
        const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
        const requested: string[] = [];
        const failed: string[] = [];
        const problems: string[] = [];
        page.on("request", (request) => requested.push(request.url()));
        page.on("requestfailed", (request) => failed.push(`${request.url()} ${request.failure()?.errorText ?? ""}`));
        page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
        page.on("console", (message) => {
          if (message.type() === "error") problems.push(`console: ${message.text()}`);
        });

        const response = await page.goto(`${base}/docs`, { waitUntil: "load" });
        expect(response?.status()).toBe(200);
        // Swagger UI renders each operation with its path in data-path once the document is loaded: primary paths
        // relative to the server /api/v1, secondary ones whole under their path-level server /.
        const search = page.locator('.opblock-summary-path[data-path="/flight/search"]');
        await search.waitFor({ state: "visible", timeout: 20_000 });
        await expect(page.locator(".info .title").textContent()).resolves.toContain("Tarmac");
        for (const path of ["/flight/booking/create", "/api/auth/verify-otp", "/api/flights/search"]) {
          expect(await page.locator(`.opblock-summary-path[data-path="${path}"]`).count(), path).toBe(1);
        }
        expect(await page.locator(".opblock-tag").allTextContents()).toEqual(
          expect.arrayContaining([
            expect.stringContaining("search"),
            expect.stringContaining("booking"),
            expect.stringContaining("flights"),
          ]),
        );

        // Open the search operation: its request example is shown.
        await search.click();
        await page.locator(".opblock.is-open .body-param__example, .opblock.is-open .microlight").first().waitFor({ timeout: 10_000 });

        const screenshot = join(tmpdir(), `tarmac-docs-${Date.now()}.png`);
        await page.screenshot({ path: screenshot, fullPage: false });
        console.log(`docs page screenshot: ${screenshot}`);
        expect(existsSync(screenshot)).toBe(true);

        // "Try it out" sends each operation where the document's servers say: the primary paths under /api/v1, the
        // secondary ones whole under their path-level server /. The gateway is not asked: the URL is what is checked.
        const tried: string[] = [];
        await page.route(`${base}/api/**`, (route) => {
          tried.push(`${route.request().method()} ${route.request().url()}`);
          return route.fulfill({ status: 200, contentType: "application/json", body: "{}" });
        });
        for (const path of ["/flight/search", "/api/auth/send-otp"]) {
          const block = page.locator(".opblock").filter({ has: page.locator(`.opblock-summary-path[data-path="${path}"]`) });
          if ((await block.locator(".try-out__btn").count()) === 0) await block.locator(".opblock-summary").click();
          await block.locator(".try-out__btn").click();
          await block.locator(".execute").click();
          await block.locator(".responses-table .response").first().waitFor({ timeout: 10_000 });
        }
        expect(tried).toEqual([`POST ${base}/api/v1/flight/search`, `POST ${base}/api/auth/send-otp`]);

        expect(requested.length).toBeGreaterThan(3);
        expect(requested).toContain(`${base}/docs/json`);
        const elsewhere = requested.filter((url) => !/^(data:|blob:)/.test(url) && new URL(url).hostname !== "127.0.0.1");
        expect(elsewhere, "requests that left 127.0.0.1").toEqual([]);
        expect(failed, "failed requests").toEqual([]);
        expect(problems, "errors in the page (CSP violations included)").toEqual([]);
      } finally {
        await browser?.close();
      }
    },
    90_000,
  );
});
