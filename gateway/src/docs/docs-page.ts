import swaggerUi from "@fastify/swagger-ui";
import { withRequestDaysFrom } from "../openapi/recorded-examples.js";
import type { FastifyPluginAsync } from "fastify";
import fp from "fastify-plugin";

const DOCS_PREFIX = "/docs";

/**
 * Everything the page loads comes from this gateway (Swagger UI's assets are served from the
 * @fastify/swagger-ui package, the logo is inlined as a data: URL), so the policy allows nothing
 * else: no CDN, no fonts or images from elsewhere, no online validator, no framing by other sites.
 * 'unsafe-inline' for styles only: Swagger UI injects inline styles, which `style-src 'self'` blocks
 * (docs-page.test.ts fails on any CSP violation); scripts stay 'self' without inline code.
 * Requests the page makes ("Try it out") go to the same origin (servers: "/").
 */
export const DOCS_CSP = [
  "default-src 'self'",
  "base-uri 'self'",
  "connect-src 'self'",
  "font-src 'self' data:",
  "form-action 'self'",
  "frame-ancestors 'self'",
  "img-src 'self' data:",
  "object-src 'none'",
  "script-src 'self'",
  "script-src-attr 'none'",
  "style-src 'self' 'unsafe-inline'",
].join("; ");

/**
 * GET /docs: Swagger UI over the gateway's OpenAPI document (@fastify/swagger must be registered
 * first: see src/openapi/plugin.ts). The UI reads the document from /docs/json, the same object
 * GET /api/v1/openapi.json serves. Its routes are hidden from the document.
 */
const docsPagePlugin: FastifyPluginAsync = async (app) => {
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    staticCSP: DOCS_CSP,
    // The online validator badge would call validator.swagger.io.
    validatorUrl: false,
    theme: { title: "Tarmac API" },
    // The request examples dated from today, as GET /api/v1/openapi.json serves them (Try it out sends them).
    transformSpecification: (document) => withRequestDaysFrom(document as Record<string, unknown>, new Date()),
    transformSpecificationClone: false,
    uiConfig: {
      deepLinking: true,
      docExpansion: "list",
      defaultModelsExpandDepth: 1,
      defaultModelExpandDepth: 2,
      displayOperationId: true,
      displayRequestDuration: true,
      filter: true,
      showExtensions: false,
      showCommonExtensions: true,
      tryItOutEnabled: false,
      persistAuthorization: false,
    },
  });
};

export const docsPage = fp(docsPagePlugin, { name: "tarmac-docs-page", dependencies: ["@fastify/swagger"] });
