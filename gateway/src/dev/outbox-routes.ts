import { fromTimestamp } from "@tarmac/kernel";
import { OtpChannel } from "@tarmac/proto/tarmac/auth/v1/auth_pb.js";
import type { FastifyPluginAsync } from "fastify";
import type { ServiceClients } from "../clients.js";
import { NO_CREDENTIALS, operation } from "../openapi/operation.js";

export interface DevOutboxRoutesOptions {
  readonly auth: ServiceClients["auth"];
}

const string = { type: "string" } as const;

const querySchema = {
  type: "object",
  additionalProperties: false,
  properties: {
    identifier: { type: "string", minLength: 1, maxLength: 254 },
    // Query strings are not coerced (the gateway's Ajv never coerces), hence digits.
    limit: { type: "string", pattern: "^(100|[1-9][0-9]?)$" },
  },
} as const;

const messageSchema = {
  type: "object",
  additionalProperties: false,
  required: ["message_id", "channel", "to", "code", "subject", "body", "created_at"],
  properties: { message_id: string, channel: string, to: string, code: string, subject: string, body: string, created_at: string },
} as const;

const responseSchema = {
  type: "object",
  additionalProperties: false,
  required: ["success", "data"],
  properties: {
    success: { type: "boolean" },
    data: {
      type: "object",
      additionalProperties: false,
      required: ["messages"],
      properties: { messages: { type: "array", items: messageSchema } },
    },
  },
} as const;

/**
 * GET /api/dev/outbox (development only; build() registers it only when TARMAC_ENV is
 * development): the one-time codes the auth service's development delivery adapter "sent",
 * newest first, so the OTP flow can be tried locally without a mailbox or phone. Query:
 * `identifier` (only messages to it) and `limit` (1..100, default 20). No credentials: there is
 * no session yet when one needs a code.
 */
export const devOutboxRoutes: FastifyPluginAsync<DevOutboxRoutesOptions> = async (app, { auth }) => {
  app.get<{ Querystring: { identifier?: string; limit?: string } }>(
    "/outbox",
    {
      schema: operation(NO_CREDENTIALS, {
        operationId: "listDevOutbox",
        tags: ["dev"],
        summary: "One-time codes sent (development only)",
        description:
          "The codes the development delivery adapter would have sent, newest first, optionally only those to `identifier` " +
          "(`limit` 1 to 100, default 20). Exists only with TARMAC_ENV=development. No credentials.",
        method: "GET",
        querystring: querySchema,
        success: { schema: responseSchema, description: "The messages." },
        errors: ["AUTH_FORBIDDEN"],
      }),
    },
    async (request) => {
      const { identifier = "", limit = "20" } = request.query;
      const outbox = await auth.listDevOutbox({ identifier, limit: Number(limit) });
      return {
        success: true,
        data: {
          messages: outbox.messages.map((m) => ({
            message_id: m.messageId,
            channel: m.channel === OtpChannel.SMS ? "SMS" : "EMAIL",
            to: m.to,
            code: m.code,
            subject: m.subject,
            body: m.body,
            created_at: fromTimestamp(m.createdAt)?.toISOString() ?? "",
          })),
        },
      };
    },
  );
};
