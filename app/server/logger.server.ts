import pino from "pino";

/** JSON logs in production (one line per event), readable ones in a terminal during development. */
export function createLogger(options: { production: boolean; level: string }) {
  const { level } = options;
  if (!options.production && process.stdout.isTTY) {
    return pino({ level, transport: { target: "pino-pretty", options: { translateTime: "SYS:HH:MM:ss" } } });
  }
  return pino({ level });
}

export type Logger = pino.Logger;
