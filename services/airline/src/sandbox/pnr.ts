import { defined } from "@tarmac/kernel";
import { randomFor } from "./random.js";

/**
 * Record locator characters: letters and digits without the ones read aloud or typed wrongly
 * (I and 1, O and 0), 32 in all.
 */
export const PNR_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
const PNR_LENGTH = 6;

/**
 * The record locator of a reservation: six characters drawn from a generator seeded by the client
 * reference, so the same reference gets the same PNR in every fresh airline. When the draw names
 * a PNR this airline already gave out (`isTaken`), it draws again with the next attempt number.
 */
export function pnrFor(clientReference: string, isTaken: (pnr: string) => boolean): string {
  for (let attempt = 0; ; attempt++) {
    const random = randomFor("pnr", clientReference, attempt);
    let pnr = "";
    for (let i = 0; i < PNR_LENGTH; i++) pnr += defined(PNR_ALPHABET[random.int(0, PNR_ALPHABET.length - 1)], "PNR letter");
    if (!isTaken(pnr)) return pnr;
  }
}
