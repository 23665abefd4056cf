import { create } from "@bufbuild/protobuf";
import { DomainError, fieldError } from "@tarmac/kernel";
import {
  ListDevOutboxResponseSchema,
  type ListDevOutboxRequest,
  type ListDevOutboxResponse,
} from "@tarmac/proto/tarmac/auth/v1/auth_pb.js";
import type { DevOutbox } from "../delivery/development-delivery.js";
import { parseIdentifier } from "../domain/agent-user.js";
import { toProtoOutboxMessage } from "../proto-mapping.js";
import { RequestFields } from "../request-fields.js";

/** What the development delivery adapter "sent", so a developer can sign in without a mail server. */
export class DevOutboxListing {
  /**
   * @param outbox the development adapter's outbox; without one every call answers AUTH_FORBIDDEN
   * @param settled waits for deliveries under way, so a code sent just before is listed
   */
  constructor(
    private readonly outbox: DevOutbox | undefined,
    private readonly settled: () => Promise<void>,
  ) {}

  async list(request: ListDevOutboxRequest): Promise<ListDevOutboxResponse> {
    const { outbox } = this;
    if (!outbox) {
      throw new DomainError("AUTH_FORBIDDEN", "the development outbox exists only while the development delivery adapter is in use");
    }
    const f = new RequestFields();
    if (request.limit < 0) f.add(fieldError("limit", "OUT_OF_RANGE", "must be 0 (all) or more"));
    f.check();
    await this.settled();
    const raw = request.identifier.trim();
    const to = raw === "" ? undefined : (parseIdentifier(raw)?.value ?? raw);
    const messages = outbox.list({ to, ...(request.limit > 0 && { limit: request.limit }) });
    return create(ListDevOutboxResponseSchema, { messages: messages.map(toProtoOutboxMessage) });
  }
}
