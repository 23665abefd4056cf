import { IANAZone } from "luxon";

/**
 * Zone names the airport dataset still uses although the tz database renamed them (its `backward`
 * file). ICU accepts both spellings, but callers compare and display zone names, so the directory
 * hands out the current one.
 */
const RENAMED_ZONES: Readonly<Record<string, string>> = {
  "Africa/Asmera": "Africa/Asmara",
  "America/Buenos_Aires": "America/Argentina/Buenos_Aires",
  "America/Catamarca": "America/Argentina/Catamarca",
  "America/Cordoba": "America/Argentina/Cordoba",
  "America/Coral_Harbour": "America/Atikokan",
  "America/Godthab": "America/Nuuk",
  "America/Jujuy": "America/Argentina/Jujuy",
  "America/Mendoza": "America/Argentina/Mendoza",
  "Asia/Calcutta": "Asia/Kolkata",
  "Asia/Katmandu": "Asia/Kathmandu",
  "Asia/Rangoon": "Asia/Yangon",
  "Asia/Saigon": "Asia/Ho_Chi_Minh",
  "Atlantic/Faeroe": "Atlantic/Faroe",
  "Europe/Kiev": "Europe/Kyiv",
  "Pacific/Enderbury": "Pacific/Kanton",
  "Pacific/Ponape": "Pacific/Pohnpei",
  "Pacific/Truk": "Pacific/Chuuk",
};

// Checking a zone builds an Intl.DateTimeFormat (about 0.15 ms); 5,600 airports share 300 zones,
// and the runtime lists the canonical ones at once, so only other names (aliases) are built.
const checked = new Map<string, boolean>();
let canonical: ReadonlySet<string> | undefined;

function isKnownZone(name: string): boolean {
  canonical ??= new Set(Intl.supportedValuesOf("timeZone"));
  if (canonical.has(name)) return true;
  let known = checked.get(name);
  if (known === undefined) {
    known = IANAZone.isValidZone(name);
    checked.set(name, known);
  }
  return known;
}

/**
 * The current name of a zone if the runtime knows it, else the given name if the runtime knows
 * that, else undefined (an airport without a usable zone cannot get correct local times).
 */
export function canonicalZone(name: string | null | undefined): string | undefined {
  if (!name) return undefined;
  const renamed = RENAMED_ZONES[name];
  if (renamed !== undefined && isKnownZone(renamed)) return renamed;
  return isKnownZone(name) ? name : undefined;
}
