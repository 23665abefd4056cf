/**
 * The agencies booking knows: every agent with at least one booking. The reconciler walks them; a
 * store adapter answers it from its bookings (memory: a scan; MongoDB: a distinct over the
 * (agentId, idempotencyKey) index).
 */
export interface AgencyDirectory {
  /** Every agent id with a booking, ascending. */
  agentIds(): Promise<string[]>;
}
