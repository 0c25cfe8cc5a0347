import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { isMailbox } from "../lib/mailbox";
import { parseTrustProxy, type TrustProxy } from "./http/trust-proxy.server";

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
}

/** A configuration mistake: the server prints `message` as one line and exits. */
export class ConfigError extends Error {}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function parsePort(raw: string | undefined): number {
  if (raw === undefined || raw === "") return 3000;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`PORT doit être un entier entre 0 et 65535 (reçu « ${raw} »).`);
  }
  return port;
}

function parseUrl(name: string, raw: string | undefined, protocols: string[]): string | null {
  if (raw === undefined || raw === "") return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${name} n'est pas une URL valide (reçu « ${raw} »).`);
  }
  if (!protocols.includes(url.protocol)) {
    throw new ConfigError(`${name} doit commencer par ${protocols.map((p) => `${p}//`).join(" ou ")}.`);
  }
  return raw;
}

function parseEmail(
  name: string,
  raw: string | undefined,
  valid = (v: string) => EMAIL.test(v),
): string | null {
  if (raw === undefined || raw === "") return null;
  if (!valid(raw)) throw new ConfigError(`${name} n'est pas une adresse e-mail valide (reçu « ${raw} »).`);
  return raw;
}

function parseNonNegativeInt(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) {
    throw new ConfigError(`${name} doit être un entier positif ou nul (reçu « ${raw} »).`);
  }
  return value;
}

function parsePositiveInt(name: string, raw: string | undefined, fallback: number): number {
  const value = parseNonNegativeInt(name, raw, fallback);
  if (value === 0)
    throw new ConfigError(`${name} doit être un entier strictement positif (reçu « ${raw} »).`);
  return value;
}

/** A shared secret sent in a header: long enough not to be guessed, and printable. */
function parseToken(name: string, raw: string | undefined): string | null {
  if (raw === undefined || raw === "") return null;
  if (raw.length < 16 || !/^[\x21-\x7e]+$/.test(raw)) {
    throw new ConfigError(`${name} doit contenir au moins 16 caractères imprimables, sans espace.`);
  }
  return raw;
}

function parseBoolean(name: string, raw: string | undefined, fallback: boolean): boolean {
  if (raw === undefined || raw === "") return fallback;
  if (["1", "true", "on", "yes"].includes(raw)) return true;
  if (["0", "false", "off", "no"].includes(raw)) return false;
  throw new ConfigError(`${name} doit valoir true ou false (reçu « ${raw} »).`);
}

/**
 * The secret signs session cookies. When none is given we generate one and keep it in DATA_DIR,
 * so sessions survive a restart without the operator having to invent a secret.
 */
function resolveAuthSecret(raw: string | undefined, dataDir: string): string {
  if (raw !== undefined && raw !== "") {
    if (raw.length < 32) throw new ConfigError("AUTH_SECRET doit contenir au moins 32 caractères.");
    return raw;
  }
  const file = path.join(dataDir, "auth-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

function parseLogLevel(raw: string | undefined, fallback: LogLevel): LogLevel {
  if (raw === undefined || raw === "") return fallback;
  if ((LOG_LEVELS as readonly string[]).includes(raw)) return raw as LogLevel;
  throw new ConfigError(`LOG_LEVEL doit valoir ${LOG_LEVELS.join(", ")} (reçu « ${raw} »).`);
}

function parseNodeEnv(raw: string | undefined): "production" | "development" | "test" {
  if (raw === undefined || raw === "") return "development";
  if (raw === "production" || raw === "development" || raw === "test") return raw;
  throw new ConfigError(`NODE_ENV doit valoir production, development ou test (reçu « ${raw} »).`);
}

function parsePoolSize(raw: string | undefined): number {
  if (raw === undefined || raw === "") return 10;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > 1000) {
    throw new ConfigError(`PG_POOL_SIZE doit être un entier entre 1 et 1000 (reçu « ${raw} »).`);
  }
  return value;
}

function parseRetentionMonths(raw: string | undefined): number {
  if (raw === undefined || raw === "") return 24;
  const value = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || !Number.isInteger(value) || value < 1 || value > 120) {
    throw new ConfigError(
      `APPLICATION_RETENTION_MONTHS doit être un nombre entier de mois entre 1 et 120 (reçu « ${raw} »).`,
    );
  }
  return value;
}

function parseMigrationsDir(raw: string | undefined): string {
  const dir = path.resolve(raw || "./drizzle");
  if (!existsSync(path.join(dir, "meta", "_journal.json"))) {
    throw new ConfigError(
      `MIGRATIONS_DIR ne contient pas les migrations (meta/_journal.json absent de ${dir}).`,
    );
  }
  return dir;
}

function parseTrustProxyVariable(raw: string | undefined): TrustProxy {
  const parsed = parseTrustProxy(raw);
  if (parsed === null) {
    throw new ConfigError(
      `TRUST_PROXY doit être un nombre de proxys (ex. 1), true, false ou une liste d'adresses ou de sous-réseaux séparés par des virgules (reçu « ${raw} »).`,
    );
  }
  return parsed;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const nodeEnv = parseNodeEnv(env.NODE_ENV);
  const port = parsePort(env.PORT);
  const dataDir = path.resolve(env.DATA_DIR || "./data");
  const adminEmail = parseEmail("ADMIN_EMAIL", env.ADMIN_EMAIL);
  const adminPassword = env.ADMIN_PASSWORD || null;
  if ((adminEmail === null) !== (adminPassword === null)) {
    throw new ConfigError(
      adminEmail
        ? "ADMIN_PASSWORD manque : il accompagne ADMIN_EMAIL."
        : "ADMIN_EMAIL manque : il accompagne ADMIN_PASSWORD.",
    );
  }
  if (adminPassword !== null && adminPassword.length < 8) {
    throw new ConfigError("ADMIN_PASSWORD doit contenir au moins 8 caractères.");
  }
  const publicUrl = (
    parseUrl("PUBLIC_URL", env.PUBLIC_URL, ["http:", "https:"]) ?? `http://localhost:${port}`
  ).replace(/\/+$/, "");
  return {
    port,
    dataDir,
    databaseUrl: parseUrl("DATABASE_URL", env.DATABASE_URL, ["postgres:", "postgresql:"]),
    smtpUrl: parseUrl("SMTP_URL", env.SMTP_URL, ["smtp:", "smtps:"]),
    adminEmail,
    adminPassword,
    publicUrl,
    authSecret: resolveAuthSecret(env.AUTH_SECRET, dataDir),
    // Paramètres' lead recipient starts as this value: checked by that field's own rule.
    contactNotifyEmail:
      parseEmail("CONTACT_NOTIFY_EMAIL", env.CONTACT_NOTIFY_EMAIL, isMailbox) ?? "contact@localhost",
    mailFrom: parseEmail("MAIL_FROM", env.MAIL_FROM, isMailbox) ?? "no-reply@localhost",
    formRateLimit: parseNonNegativeInt("FORM_RATE_LIMIT", env.FORM_RATE_LIMIT, 10),
    authRateLimit: parseBoolean("AUTH_RATE_LIMIT", env.AUTH_RATE_LIMIT, true),
    production: nodeEnv === "production",
    trustProxy: parseTrustProxyVariable(env.TRUST_PROXY),
    logLevel: parseLogLevel(env.LOG_LEVEL, nodeEnv === "test" ? "warn" : "info"),
    pgPoolSize: parsePoolSize(env.PG_POOL_SIZE),
    buildDir: path.resolve(env.BUILD_DIR || "build"),
    migrationsDir: parseMigrationsDir(env.MIGRATIONS_DIR),
    eventStreamsPerClient: parseNonNegativeInt("EVENT_STREAMS_PER_CLIENT", env.EVENT_STREAMS_PER_CLIENT, 20),
    requestTimeoutSeconds: parsePositiveInt("REQUEST_TIMEOUT", env.REQUEST_TIMEOUT, 30),
    pageCacheMaxMb: parseNonNegativeInt("PAGE_CACHE_MAX_MB", env.PAGE_CACHE_MAX_MB, 32),
    pageCacheTtlSeconds: parsePositiveInt("PAGE_CACHE_TTL", env.PAGE_CACHE_TTL, 60),
    metricsToken: parseToken("METRICS_TOKEN", env.METRICS_TOKEN),
    applicationRetentionMonths: parseRetentionMonths(env.APPLICATION_RETENTION_MONTHS),
  };
}
