import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { parseTrustProxy, type TrustProxy } from "./http/trust-proxy.server";
import { isMailbox } from "./mailbox";

export type { TrustProxy } from "./http/trust-proxy.server";

export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/**
 * Everything the server reads from the environment, validated once at start: no other module reads
 * `process.env` (server.js only reads NODE_ENV and BUILD_DIR to find the bundle before this code
 * exists; the same values are checked here).
 */
export interface Config {
  port: number;
  dataDir: string;
  databaseUrl: string | null;
  smtpUrl: string | null;
  adminEmail: string | null;
  adminPassword: string | null;
  publicUrl: string;
  authSecret: string;
  contactNotifyEmail: string;
  mailFrom: string;
  /** Requests per minute and per IP on the public forms; 0 lifts the limit (benchmarks). */
  formRateLimit: number;
  /** better-auth's own limiter; only tests and benchmarks turn it off. */
  authRateLimit: boolean;
  production: boolean;
  /** Express `trust proxy`: which hops may tell us the visitor's address (X-Forwarded-For). */
  trustProxy: TrustProxy;
  logLevel: LogLevel;
  /** Connections each instance keeps open to PostgreSQL. */
  pgPoolSize: number;
  /** The production build (`client/` and `server/`), absolute. */
  buildDir: string;
  /** Drizzle's SQL migrations, absolute. */
  migrationsDir: string;
  /** Open /api/events streams allowed per client address; 0 lifts the cap. */
  eventStreamsPerClient: number;
  /** Seconds a client has to send a whole request, headers and body (a trickled body is cut). */
  requestTimeoutSeconds: number;
  /** Memory bound of the public page cache, in megabytes; 0 turns the cache off. */
  pageCacheMaxMb: number;
  /** Seconds a cached page is served before it is rendered again in the background. */
  pageCacheTtlSeconds: number;
  /** Bearer token of GET /metrics; null leaves /metrics unanswered (404). */
  metricsToken: string | null;
  /** Months a refused or withdrawn application (and its files) is kept before it is purged. */
  applicationRetentionMonths: number;
  /**
   * MEDIA_DIR, absolute: the folder for picture files; null keeps the default (DATA_DIR/media on the
   * embedded database, the database itself on PostgreSQL).
   */
  mediaDir: string | null;
  /** DEMO_DATA: seed the demonstration centre ("on") or not ("off"); null: only on the embedded database. */
  demoData: "on" | "off" | null;
}

/** A configuration mistake: the server prints `message` as one line and exits. */
export class ConfigError extends Error {}

/**
 * What the schema says about one variable besides its type. `rule` completes the error line
 * ("PORT " + rule + " (reçu « abc »)."), so every bad variable reads the same way; a `secret` is
 * never echoed into the logs; `default` is the text used when the variable is unset or empty (the
 * README's Configuration table shows the same, a test checks it).
 */
interface VariableDoc {
  rule: string;
  default?: string;
  secret?: boolean;
}

const documented = z.registry<VariableDoc>();

// An empty variable (`PORT=` in a unit file) means unset, as in most shells' habits.
const unsetWhenEmpty = (value: unknown) => (value === "" ? undefined : value);

/** One environment variable: the text, its `default` when unset, then `type`'s checks and conversion. */
function variable<T extends z.ZodType<unknown, string>>(
  type: T,
  doc: VariableDoc & { default: string },
): z.ZodType<z.output<T>, string | undefined>;
function variable<T extends z.ZodType<unknown, string>>(
  type: T,
  doc: VariableDoc,
): z.ZodType<z.output<T> | undefined, string | undefined>;
function variable<T extends z.ZodType<unknown, string>>(type: T, doc: VariableDoc): z.ZodType {
  const text = z.string().pipe(type);
  const read = doc.default === undefined ? text.optional() : text.prefault(doc.default);
  return z.preprocess(unsetWhenEmpty, read).register(documented, doc);
}

/** Digits only (no sign, exponent or decimals; spaces around are forgiven), then the range. */
function integer(min: number, max?: number) {
  const range = z.int().min(min);
  return z
    .string()
    .trim()
    .regex(/^\d+$/)
    .transform(Number)
    .pipe(max === undefined ? range : range.max(max));
}

function count(min: 0 | 1, fallback: string) {
  const rule = min === 0 ? "doit être un entier positif ou nul" : "doit être un entier strictement positif";
  return variable(integer(min), { rule, default: fallback });
}

/** `type` is z.url with the protocols allowed, which `rule` names. */
function url(type: z.ZodURL, protocols: string, secret: boolean) {
  return variable(type, { rule: `doit être une URL commençant par ${protocols}`, secret });
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const EMAIL_RULE = "doit être une adresse e-mail valide";
// Staff mailboxes: Paramètres' lead recipient starts as CONTACT_NOTIFY_EMAIL, checked by that field's rule.
const mailbox = (fallback: string) =>
  variable(z.string().refine(isMailbox), { rule: EMAIL_RULE, default: fallback });

const environment = z
  .object({
    NODE_ENV: variable(z.enum(["production", "development", "test"]), {
      rule: "doit valoir production, development ou test",
    }),
    PORT: variable(integer(0, 65535), { rule: "doit être un entier entre 0 et 65535", default: "3000" }),
    DATA_DIR: variable(z.string(), { rule: "doit être un dossier", default: "./data" }),
    DATABASE_URL: url(z.url({ protocol: /^postgres(?:ql)?$/ }), "postgres:// ou postgresql://", true),
    SMTP_URL: url(z.url({ protocol: /^smtps?$/ }), "smtp:// ou smtps://", true),
    MAIL_FROM: mailbox("no-reply@localhost"),
    // Any host a browser reaches, 'localhost' and IP addresses included (zod's httpUrl() wants a domain
    // name); the written form must start with the scheme and '//' ('https:/site' is refused).
    PUBLIC_URL: url(z.url({ protocol: /^https?$/ }).regex(/^https?:\/\/[^/]/i), "http:// ou https://", false),
    AUTH_SECRET: variable(z.string().min(32), { rule: "doit contenir au moins 32 caractères", secret: true }),
    ADMIN_EMAIL: variable(z.string().regex(EMAIL), { rule: EMAIL_RULE }),
    ADMIN_PASSWORD: variable(z.string().min(8), {
      rule: "doit contenir au moins 8 caractères",
      secret: true,
    }),
    CONTACT_NOTIFY_EMAIL: mailbox("contact@localhost"),
    FORM_RATE_LIMIT: count(0, "10"),
    AUTH_RATE_LIMIT: variable(
      z.stringbool({
        truthy: ["1", "true", "on", "yes"],
        falsy: ["0", "false", "off", "no"],
        case: "sensitive",
      }),
      { rule: "doit valoir true ou false", default: "true" },
    ),
    TRUST_PROXY: variable(
      z.string().transform((raw, ctx) => {
        const parsed = parseTrustProxy(raw);
        // The line itself comes from the rule below, as for every variable.
        if (parsed === null) ctx.issues.push({ code: "custom", input: raw });
        return parsed ?? false;
      }),
      {
        rule: "doit être un nombre de proxys (ex. 1), true, false ou une liste d'adresses ou de sous-réseaux séparés par des virgules",
        default: "false",
      },
    ),
    LOG_LEVEL: variable(z.enum(LOG_LEVELS), { rule: `doit valoir ${LOG_LEVELS.join(", ")}` }),
    PG_POOL_SIZE: variable(integer(1, 1000), { rule: "doit être un entier entre 1 et 1000", default: "10" }),
    BUILD_DIR: variable(z.string(), { rule: "doit être un dossier", default: "./build" }),
    MIGRATIONS_DIR: variable(
      z.string().refine((dir) => existsSync(path.resolve(dir, "meta", "_journal.json"))),
      { rule: "doit être le dossier des migrations, qui contient meta/_journal.json", default: "./drizzle" },
    ),
    EVENT_STREAMS_PER_CLIENT: count(0, "20"),
    REQUEST_TIMEOUT: count(1, "30"),
    PAGE_CACHE_MAX_MB: count(0, "32"),
    PAGE_CACHE_TTL: count(1, "60"),
    APPLICATION_RETENTION_MONTHS: variable(integer(1, 120), {
      rule: "doit être un nombre entier de mois entre 1 et 120",
      default: "24",
    }),
    DEMO_DATA: variable(z.enum(["on", "off"]), { rule: "doit valoir on ou off" }),
    MEDIA_DIR: variable(z.string().trim().min(1), { rule: "doit être un dossier" }),
    // A shared secret sent in a header: long enough not to be guessed, and printable.
    METRICS_TOKEN: variable(z.string().regex(/^[\x21-\x7e]{16,}$/), {
      rule: "doit contenir au moins 16 caractères imprimables, sans espace",
      secret: true,
    }),
  })
  .superRefine((env, ctx) => {
    // The admin account is ensured at start: an address without a password (or the reverse) is a slip.
    if ((env.ADMIN_EMAIL === undefined) !== (env.ADMIN_PASSWORD === undefined)) {
      ctx.addIssue({
        code: "custom",
        message: env.ADMIN_EMAIL
          ? "ADMIN_PASSWORD manque : il accompagne ADMIN_EMAIL."
          : "ADMIN_EMAIL manque : il accompagne ADMIN_PASSWORD.",
      });
    }
  });

type Variable = keyof typeof environment.shape;

/** Every variable the server reads, with its default text when it has one (the README lists them). */
export const VARIABLES: { name: string; default?: string }[] = Object.entries(environment.shape).map(
  ([name, schema]) => ({ name, default: documented.get(schema)?.default }),
);

/** One line per mistake: the variable, its rule and, unless secret, what was received. */
function lineOf(issue: z.core.$ZodIssue, env: NodeJS.ProcessEnv): string {
  const name = issue.path[0];
  // Rules across variables (the admin pair) write their whole line.
  if (typeof name !== "string" || !(name in environment.shape)) return issue.message;
  const doc = documented.get(environment.shape[name as Variable]);
  const received = env[name] || doc?.default;
  return `${name} ${doc?.rule}${doc?.secret ? "" : ` (reçu « ${received} »)`}.`;
}

/**
 * The secret signs session cookies. When none is given we generate one and keep it in DATA_DIR,
 * so sessions survive a restart without the operator having to invent a secret.
 */
function resolveAuthSecret(given: string | undefined, dataDir: string): string {
  if (given !== undefined) return given;
  const file = path.join(dataDir, "auth-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = environment.safeParse(env);
  if (!parsed.success) throw new ConfigError(lineOf(parsed.error.issues[0] as z.core.$ZodIssue, env));
  const v = parsed.data;
  const dataDir = path.resolve(v.DATA_DIR);
  return {
    port: v.PORT,
    dataDir,
    databaseUrl: v.DATABASE_URL ?? null,
    smtpUrl: v.SMTP_URL ?? null,
    adminEmail: v.ADMIN_EMAIL ?? null,
    adminPassword: v.ADMIN_PASSWORD ?? null,
    publicUrl: (v.PUBLIC_URL ?? `http://localhost:${v.PORT}`).replace(/\/+$/, ""),
    authSecret: resolveAuthSecret(v.AUTH_SECRET, dataDir),
    contactNotifyEmail: v.CONTACT_NOTIFY_EMAIL,
    mailFrom: v.MAIL_FROM,
    formRateLimit: v.FORM_RATE_LIMIT,
    authRateLimit: v.AUTH_RATE_LIMIT,
    production: v.NODE_ENV === "production",
    trustProxy: v.TRUST_PROXY,
    logLevel: v.LOG_LEVEL ?? (v.NODE_ENV === "test" ? "warn" : "info"),
    pgPoolSize: v.PG_POOL_SIZE,
    buildDir: path.resolve(v.BUILD_DIR),
    migrationsDir: path.resolve(v.MIGRATIONS_DIR),
    eventStreamsPerClient: v.EVENT_STREAMS_PER_CLIENT,
    requestTimeoutSeconds: v.REQUEST_TIMEOUT,
    pageCacheMaxMb: v.PAGE_CACHE_MAX_MB,
    pageCacheTtlSeconds: v.PAGE_CACHE_TTL,
    metricsToken: v.METRICS_TOKEN ?? null,
    applicationRetentionMonths: v.APPLICATION_RETENTION_MONTHS,
    demoData: v.DEMO_DATA ?? null,
    mediaDir: v.MEDIA_DIR === undefined ? null : path.resolve(v.MEDIA_DIR),
  };
}
