import { fieldError } from "@tarmac/kernel";
import type { CreateAgentRequest } from "@tarmac/proto/tarmac/auth/v1/auth_pb.js";
import { normalizeEmail, normalizePhone } from "../domain/agent-user.js";
import { PHONE_FORMAT, type RequestFields } from "../request-fields.js";

/** CreateAgent takes at most this many initial users. */
const MAX_USERS_PER_REQUEST = 100;

export interface NewUser {
  readonly email?: string;
  readonly phone?: string;
}

/** The users a new agent starts with, normalized; each needs an e-mail or a phone, none twice. */
export function initialUsers(f: RequestFields, users: CreateAgentRequest["users"]): NewUser[] {
  if (users.length > MAX_USERS_PER_REQUEST) {
    f.add(fieldError("users", "OUT_OF_RANGE", `at most ${MAX_USERS_PER_REQUEST} users at creation`));
    return [];
  }
  const emails = new Set<string>();
  const phones = new Set<string>();
  return users.map((user, i) => {
    const email = user.email.trim() === "" ? undefined : normalizeEmail(user.email);
    const phone = user.phone.trim() === "" ? undefined : normalizePhone(user.phone);
    if (user.email.trim() !== "" && email === undefined)
      f.add(fieldError(`users[${i}].email`, "INVALID_FORMAT", "must be an e-mail address"));
    if (user.phone.trim() !== "" && phone === undefined) f.add(fieldError(`users[${i}].phone`, "INVALID_FORMAT", PHONE_FORMAT));
    if (user.email.trim() === "" && user.phone.trim() === "") {
      f.add(fieldError(`users[${i}]`, "REQUIRED", "a user needs an e-mail address or a phone number"));
    }
    if (email !== undefined && emails.has(email)) f.add(fieldError(`users[${i}].email`, "INVALID_VALUE", "appears twice in users"));
    if (phone !== undefined && phones.has(phone)) f.add(fieldError(`users[${i}].phone`, "INVALID_VALUE", "appears twice in users"));
    if (email !== undefined) emails.add(email);
    if (phone !== undefined) phones.add(phone);
    return { ...(email !== undefined && { email }), ...(phone !== undefined && { phone }) };
  });
}
