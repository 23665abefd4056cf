import type { CallerPolicy } from "@tarmac/kernel";

/** Who calls booking: agencies through the gateway, each for its own bookings only; ops reconcile through the admin command line. */
export const bookingCallerPolicy: CallerPolicy = {
  CreateBooking: { gateway: "agent-context" },
  GetBooking: { gateway: "agent-context" },
  ListBookings: { gateway: "agent-context" },
  QuoteCancellation: { gateway: "agent-context" },
  ConfirmCancellation: { gateway: "agent-context" },
  QuoteReschedule: { gateway: "agent-context" },
  ConfirmReschedule: { gateway: "agent-context" },
  TicketBooking: { gateway: "agent-context" },
  ReleaseBooking: { gateway: "agent-context" },
  ListRefunds: { gateway: "agent-context" },
  ListInvoices: { gateway: "agent-context" },
  GetInvoice: { gateway: "agent-context" },
  // Agencies export their own month; the admin command line exports every agency's for finance.
  ExportInvoices: { gateway: "agent-context", admin: "trusted" },
  QuoteAncillaryAddition: { gateway: "agent-context" },
  ConfirmAncillaryAddition: { gateway: "agent-context" },
  Reconcile: { admin: "trusted" },
  ListScheduleChanges: { gateway: "agent-context" },
  GetScheduleChange: { gateway: "agent-context" },
  AcknowledgeScheduleChange: { gateway: "agent-context" },
  AcceptScheduleChange: { gateway: "agent-context" },
  CancelScheduleChange: { gateway: "agent-context" },
  RebookScheduleChange: { gateway: "agent-context" },
};
