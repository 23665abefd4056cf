/** One adult, as agencies send passengers to POST /api/v1/flight/booking/create. */
export const ADULT_PASSENGER = {
  id: "ADT1",
  type: "ADT",
  title: "MR",
  first_name: "Arjun",
  last_name: "Mehta",
  gender: "M",
  dob: "1985-04-12",
  nationality: "IN",
} as const;

export const CONTACT_INFO = { email: "a@example.com", phone: "+919812345678" } as const;
