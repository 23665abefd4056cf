import { fieldError, validationFailed, type FieldError } from "@tarmac/kernel";
import { MAX_AMOUNT_PAISE, WALLET_CURRENCY } from "./domain/money.js";

/**
 * Request checks of form, collected so a caller learns every problem at once. Proto3 strings and
 * numbers cannot be absent: "" and 0 are fields the caller did not send.
 */
export class RequestFields {
  private readonly errors: FieldError[] = [];

  /** An id or reference: required, at most `max` printable ASCII characters, no outer spaces. */
  text(field: string, value: string, max = 255): string {
    if (value === "") this.errors.push(fieldError(field, "REQUIRED", `${field} is required`));
    else if (value.length > max) this.errors.push(fieldError(field, "OUT_OF_RANGE", `must be at most ${max} characters`));
    else if (!/^[\x20-\x7E]+$/.test(value) || value.trim() !== value) {
      this.errors.push(fieldError(field, "INVALID_FORMAT", "must be printable ASCII without leading or trailing spaces"));
    }
    return value;
  }

  /** Free text for people (descriptions, reasons): optional, bounded. */
  note(field: string, value: string, max = 500): string {
    if (value.length > max) this.errors.push(fieldError(field, "OUT_OF_RANGE", `must be at most ${max} characters`));
    return value.trim();
  }

  /** An amount that moves money: a whole number of paise, 1 .. MAX_AMOUNT_PAISE. */
  amount(field: string, value: bigint): number {
    return this.paise(field, value, 1n);
  }

  /** A credit limit: 0 .. MAX_AMOUNT_PAISE. */
  limit(field: string, value: bigint): number {
    return this.paise(field, value, 0n);
  }

  /** "" means INR; the wallet keeps paise of INR only. */
  currency(field: string, value: string): string {
    if (value === "" || value === WALLET_CURRENCY) return WALLET_CURRENCY;
    this.errors.push(fieldError(field, "INVALID_VALUE", `only ${WALLET_CURRENCY} wallets are supported`));
    return value;
  }

  add(error: FieldError): void {
    this.errors.push(error);
  }

  /** Throws VALIDATION_FAILED listing every problem found, if any. */
  check(): void {
    if (this.errors.length > 0) throw validationFailed(this.errors);
  }

  private paise(field: string, value: bigint, min: bigint): number {
    if (value < min || value > BigInt(MAX_AMOUNT_PAISE)) {
      const floor = min === 0n ? "0" : "1";
      this.errors.push(fieldError(field, "OUT_OF_RANGE", `must be a whole number of paise from ${floor} to ${MAX_AMOUNT_PAISE}`));
      return 0;
    }
    return Number(value);
  }
}
