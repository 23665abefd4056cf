/** A create request as the booking domain reads it: proto3 strings, "" where the caller sent nothing. */
export interface PassengerInput {
  readonly id: string;
  readonly type: string;
  readonly title: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly gender: string;
  readonly dob: string;
  readonly nationality: string;
  readonly passportNumber: string;
  readonly passportExpiry: string;
  readonly passportIssuingCountry: string;
  readonly pan: string;
}

export interface SeatChoiceInput {
  readonly paxId: string;
  readonly ancillaryToken: string;
  /** Baggage and meals: how many (0: one). */
  readonly quantity: number;
  /** Where it stands in the request's `ancillaries` (field errors name it). */
  readonly index: number;
}

export interface BookingRequestInput {
  readonly passengers: readonly PassengerInput[];
  readonly contact: { readonly email: string; readonly phone: string } | undefined;
  readonly ancillaries: readonly SeatChoiceInput[];
  /** The agency's GST details, when sent. */
  readonly gst: { readonly gstin: string; readonly registeredName: string; readonly address: string; readonly email: string } | undefined;
}

/** A seat the fare service vouched for (GetFareLock), in the order of the request's ancillaries. */
export interface VouchedSeat {
  readonly ancillaryToken: string;
  readonly ancillaryId: string;
  readonly segmentIndex: number;
  readonly seat: string;
  readonly pricePaise: number;
  readonly exitRow: boolean;
}

/** A baggage or meal option the fare service vouched for (GetFareLock). */
export interface VouchedExtra {
  readonly ancillaryToken: string;
  readonly ancillaryId: string;
  readonly paxId: string;
  readonly segmentIndex: number;
  readonly kind: "BAGGAGE" | "MEAL";
  readonly code: string;
  readonly description: string;
  readonly pricePaise: number;
  readonly maxQuantity: number;
  readonly weightKg: number;
}

/** What the fare lock says about the booking: who travels and when the trip ends. */
export interface LockedFare {
  readonly pax: { readonly adult: number; readonly child: number; readonly infant: number };
  /** Local date (YYYY-MM-DD) of the last segment's departure: ages are judged on it. */
  readonly lastFlightDate: string;
}
