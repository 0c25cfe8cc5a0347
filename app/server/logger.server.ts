import pino from "pino";

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

/** pino's error serializer, minus the query parameters in the message, stack and cause. */
function safeError(error: unknown): unknown {
  const serialized = pino.stdSerializers.err(error as Error) as unknown as Record<string, unknown>;
  if (!serialized || typeof serialized !== "object") return serialized;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(serialized)) {
    if (key === "params") continue;
    out[key] = typeof value === "string" ? withoutParams(value) : value;
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
