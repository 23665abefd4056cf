import { type OtpChannel, OtpChannelSchema } from "@tarmac/proto/tarmac/auth/v1/auth_pb.js";
import { type EnumName, enumNames } from "../../enum-names.js";
import { boolean, closed, described, integer, object, oneOf, string, text } from "../../json-schema.js";

/** JSON schemas of the OTP login (API guide, Secondary surface and Authentication). */

const success = (data: Record<string, unknown>) =>
  object({
    success: { type: "boolean", enum: [true], description: "Always true on a 2xx answer." },
    data: described(object(data), "The answer."),
  });

const identifier = text(254, "The user's e-mail address or E.164 phone number.");

/** The identifier's shape (e-mail address or phone number) is the auth service's to judge. */
export const sendOtpRequestSchema = closed(
  { identifier, type: oneOf(enumNames(OtpChannelSchema), "How to send the code: `EMAIL` or `SMS`.") },
  ["identifier", "type"],
);

export interface SendOtpBody {
  identifier: string;
  type: EnumName<typeof OtpChannel>;
}

export const sendOtpResponseSchema = success({
  expires_in: integer("Seconds the code is valid (300)."),
  resend_after: integer("Seconds before another code may be sent (30)."),
});

export const verifyOtpRequestSchema = closed({ identifier, code: string("The six-digit code, as a string.", { pattern: "^[0-9]{6}$" }) }, [
  "identifier",
  "code",
]);

export interface VerifyOtpBody {
  identifier: string;
  code: string;
}

export const verifyOtpResponseSchema = success({
  verification_token: string(
    "The session token (`tk_sess_...`): `Authorization: Bearer <token>`; also set as the `tarmac_session` cookie.",
  ),
  token_type: { type: "string", enum: ["Bearer"], description: "Always `Bearer`." },
  expires_in: integer("Seconds the token is valid (3600)."),
  agent_id: string("The agency the user belongs to."),
});

export const logoutResponseSchema = success({ logged_out: { ...boolean("Always true: the token is revoked."), enum: [true] } });
