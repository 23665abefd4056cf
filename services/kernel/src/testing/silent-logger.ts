import { pino } from "pino";
import type { Logger } from "../logger.js";

export function silentLogger(): Logger {
  return pino({ level: "silent" });
}
