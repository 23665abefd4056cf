import { createLogger, type Logger } from "@tarmac/kernel";

export interface LogLine {
  readonly level: number;
  readonly msg: string;
  readonly [field: string]: unknown;
}

export const LEVEL = { debug: 20, info: 30, warn: 40, error: 50 } as const;

/** A real pino logger at debug level whose lines are kept for assertions. */
export function captureLogger(): { logger: Logger; lines: LogLine[] } {
  const lines: LogLine[] = [];
  const destination = { write: (line: string) => lines.push(JSON.parse(line)) };
  const logger = createLogger({ name: "events-test", level: "debug" }, destination);
  return { logger, lines };
}
