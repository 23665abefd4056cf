/** JSON schemas of the OTP login (API guide, Secondary surface and Authentication). */

const text = (maxLength: number) => ({ type: "string", minLength: 1, maxLength }) as const;
const integer = { type: "integer" } as const;
const string = { type: "string" } as const;

const success = (data: Record<string, unknown>) =>
  ({
    type: "object",
    additionalProperties: false,
    required: ["success", "data"],
    properties: {
      success: { type: "boolean" },
      data: { type: "object", additionalProperties: false, required: Object.keys(data), properties: data },
    },
  }) as const;

const OTP_TYPES = ["EMAIL", "SMS"] as const;

/** The identifier's shape (e-mail address or phone number) is the auth service's to judge. */
export const sendOtpRequestSchema = {
  type: "object",
  additionalProperties: false,
  required: ["identifier", "type"],
  properties: { identifier: text(254), type: { type: "string", enum: OTP_TYPES } },
} as const;

export interface SendOtpBody {
  identifier: string;
  type: (typeof OTP_TYPES)[number];
}

export const sendOtpResponseSchema = success({ expires_in: integer, resend_after: integer });

export const verifyOtpRequestSchema = {
  type: "object",
  additionalProperties: false,
  required: ["identifier", "code"],
  properties: { identifier: text(254), code: { type: "string", pattern: "^[0-9]{6}$" } },
} as const;

export interface VerifyOtpBody {
  identifier: string;
  code: string;
}

export const verifyOtpResponseSchema = success({
  verification_token: string,
  token_type: string,
  expires_in: integer,
  agent_id: string,
});

export const logoutResponseSchema = success({ logged_out: { type: "boolean" } });
