import { OtpChannel, OtpChannelSchema } from "@tarmac/proto/tarmac/auth/v1/auth_pb.js";
import type { FastifyPluginAsync } from "fastify";
import type { ServiceClients } from "../clients.js";
import { enumNames } from "../enum-names.js";
import { array, closed, described, instant, object, oneOf, string } from "../json-schema.js";
import { NO_CREDENTIALS, operation } from "../openapi/operation.js";
import { isoText } from "../json-values.js";

export interface DevOutboxRoutesOptions {
  readonly auth: ServiceClients["auth"];
}

const querySchema = closed({
  identifier: string("Only messages to this e-mail address or phone number.", { minLength: 1, maxLength: 254 }),
  // Query strings are not coerced (the gateway's Ajv never coerces), hence digits.
  limit: string("At most this many messages, 1 to 100; default 20.", { pattern: "^(100|[1-9][0-9]?)$" }),
});

const messageSchema = object({
  message_id: string("The message's id."),
  channel: oneOf(enumNames(OtpChannelSchema), "How it would have been sent."),
  to: string("The e-mail address or phone number."),
  code: string("The six-digit code."),
  subject: string("The e-mail's subject."),
  body: string("The message's text."),
  created_at: instant("When it was sent."),
});

const responseSchema = object({
  success: { type: "boolean", enum: [true], description: "Always true on a 2xx answer." },
  data: described(object({ messages: array(messageSchema, "The messages, newest first.") }), "The answer."),
});

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
            created_at: isoText(m.createdAt),
          })),
        },
      };
    },
  );
};
