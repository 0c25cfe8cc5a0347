import pino from "pino";
import { maskSecrets } from "./http/addresses.server";

// Logs never carry what visitors typed (names, e-mails, phones, messages): fields with these names
// are replaced wherever they appear, and a database error's text stops before its bound parameters
// (Drizzle writes them into the message: "Failed query: insert … params: Léa,Martin,…").
// (`name` and `message` only at the top: an error's name and message are kept, minus parameters.)
const NESTED_FIELDS = ["email", "to", "firstName", "lastName", "phone", "body", "password"];
const REDACT_PATHS = [
  ...NESTED_FIELDS.flatMap((field) => [field, `*.${field}`, `*.*.${field}`]),
  "name",
  "message",
];

function withoutParams(text: string): string {
  const at = text.indexOf("params:");
  return at === -1 ? text : `${text.slice(0, at)}params: [masqués]`;
}

// Some addresses are credentials (reset links, personal links, the iCalendar feed): every string a
// log line carries (the request log's path, an error's URL, message or stack, the message itself)
// has their tokens masked, whatever field holds it (http/addresses.server.ts says which).
/** The same value with `maskSecrets` applied to every string in it (plain objects and arrays). */
function masked(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return maskSecrets(value);
  if (depth > 4 || value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map((item) => masked(item, depth + 1));
  // Errors keep their class for pino's serializer, which masks them itself (safeError).
  if (value instanceof Error || Object.getPrototypeOf(value) !== Object.prototype) return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, masked(item, depth + 1)]));
}

/** pino's error serializer, minus the query parameters in the message, stack and cause. */
function safeError(error: unknown): unknown {
  const serialized = pino.stdSerializers.err(error as Error) as unknown as Record<string, unknown>;
  if (!serialized || typeof serialized !== "object") return serialized;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(serialized)) {
    if (key === "params") continue;
    out[key] = typeof value === "string" ? maskSecrets(withoutParams(value)) : masked(value);
  }
  return out;
}

/** JSON logs in production (one line per event), readable ones in a terminal during development. */
export function createLogger(options: {
  production: boolean;
  level: string;
  /** Where lines go (tests capture them); stdout by default. */
  destination?: pino.DestinationStream;
}) {
  const { level } = options;
  const base: pino.LoggerOptions = {
    level,
    redact: { paths: REDACT_PATHS, censor: "[masqué]" },
    serializers: { err: safeError },
    formatters: { log: (object) => masked(object) as Record<string, unknown> },
    hooks: {
      // The message and its printf arguments.
      logMethod(args, method) {
        method.apply(this, args.map((arg) => masked(arg)) as Parameters<typeof method>);
      },
    },
  };
  if (options.destination) return pino(base, options.destination);
  if (!options.production && process.stdout.isTTY) {
    return pino({
      ...base,
      transport: { target: "pino-pretty", options: { translateTime: "SYS:HH:MM:ss" } },
    });
  }
  return pino(base);
}

export type Logger = pino.Logger;
