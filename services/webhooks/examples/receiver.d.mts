// Types of receiver.mjs, for the tests that import it.
import type { Server } from "node:http";

export declare const TOLERANCE_SECONDS: number;
export declare function verifyTarmacSignature(
  header: string | string[] | undefined,
  rawBody: Buffer | string,
  secret: string,
  nowSeconds?: number,
): boolean;
export declare function createReceiver(secret: string): Server;
