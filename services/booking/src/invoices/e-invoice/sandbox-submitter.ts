import { createHash, createHmac } from "node:crypto";
import type { Clock } from "@tarmac/kernel";
import { financialYear } from "@tarmac/tax";
import type { EInvoicePayload } from "./e-invoice-payload.js";
import type { EInvoiceRegistration, EInvoiceSubmitter } from "./e-invoice-submitter.js";

/**
 * The IRN as the specification derives it: SHA-256, in hexadecimal, of the supplier's GSTIN, the
 * document's financial year, its type and its number. The same document always has the same IRN,
 * and the portal refuses a second registration of it.
 */
export function irnOf(supplierGstin: string, fy: string, type: string, number: string): string {
  return createHash("sha256").update(`${supplierGstin}${fy}${type}${number}`).digest("hex");
}

/** Signs the sandbox's QR payloads: not the portal's key, and said so in the payload. */
const SANDBOX_KEY = "tarmac-sandbox-e-invoice-qr-not-a-government-signature";

const base64url = (value: string | Buffer) => Buffer.from(value).toString("base64url");

/**
 * Registers nothing with the government: answers what the portal would, deterministically. The
 * IRN by the specification's rule, an acknowledgement number from it, and a signed QR payload of
 * the fields the portal's QR code carries (a JWS-shaped stand-in signed with a sandbox key, with
 * `iss: SANDBOX`). Documents registered by it say so on the PDF.
 */
export class SandboxEInvoiceSubmitter implements EInvoiceSubmitter {
  readonly name = "SANDBOX";

  constructor(private readonly clock: Clock) {}

  submit(payload: EInvoicePayload): Promise<EInvoiceRegistration> {
    const [day, month, year] = payload.DocDtls.Dt.split("/");
    const fy = financialYear(new Date(`${year}-${month}-${day}T12:00:00+05:30`));
    const irn = irnOf(payload.SellerDtls.Gstin, fy, payload.DocDtls.Typ, payload.DocDtls.No);
    const ackDate = this.clock.now();
    const claims = {
      iss: "SANDBOX",
      data: JSON.stringify({
        SellerGstin: payload.SellerDtls.Gstin,
        BuyerGstin: payload.BuyerDtls.Gstin,
        DocNo: payload.DocDtls.No,
        DocTyp: payload.DocDtls.Typ,
        DocDt: payload.DocDtls.Dt,
        TotInvVal: payload.ValDtls.TotInvVal,
        ItemCnt: payload.ItemList.length,
        MainHsnCode: payload.ItemList[0]?.HsnCd ?? "",
        Irn: irn,
        IrnDt: ackDate.toISOString(),
      }),
    };
    const unsigned = `${base64url(JSON.stringify({ alg: "HS256", typ: "JWT" }))}.${base64url(JSON.stringify(claims))}`;
    const signature = createHmac("sha256", SANDBOX_KEY).update(unsigned).digest("base64url");
    return Promise.resolve({
      irn,
      ackNo: `1${String(parseInt(irn.slice(0, 12), 16))
        .padStart(14, "0")
        .slice(-14)}`,
      ackDate,
      signedQrCode: `${unsigned}.${signature}`,
    });
  }
}
