import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "~/platform/config.server";
import { scratchDir } from "../support/scratch";

const dataDir = () => scratchDir("cfa-config-");

function errorOf(env: Record<string, string>): string {
  try {
    loadConfig({ DATA_DIR: dataDir(), ...env });
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error("expected a configuration error");
}

describe("configuration", () => {
  it("has working defaults: port 3000, embedded database, .eml outbox, a generated secret kept on disk", () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config).toMatchObject({
      port: 3000,
      databaseUrl: null,
      smtpUrl: null,
      publicUrl: "http://localhost:3000",
      formRateLimit: 10,
      authRateLimit: true,
    });
    expect(config.authSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dir, "auth-secret"), "utf8").trim()).toBe(config.authSecret);
    // Same secret after a restart: sessions survive.
    expect(loadConfig({ DATA_DIR: dir }).authSecret).toBe(config.authSecret);
  });

  it.each([
    [{ PORT: "quatre" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ DATABASE_URL: "mysql://localhost/db" }, "DATABASE_URL"],
    [{ DATABASE_URL: "pas une url" }, "DATABASE_URL"],
    [{ SMTP_URL: "http://mail" }, "SMTP_URL"],
    [{ PUBLIC_URL: "ftp://site" }, "PUBLIC_URL"],
    [{ PUBLIC_URL: "https:/site" }, "PUBLIC_URL"],
    [{ ADMIN_EMAIL: "admin", ADMIN_PASSWORD: "longenough" }, "ADMIN_EMAIL"],
    [{ ADMIN_EMAIL: "admin@centre.fr" }, "ADMIN_PASSWORD"],
    [{ ADMIN_PASSWORD: "longenough" }, "ADMIN_EMAIL"],
    [{ ADMIN_EMAIL: "admin@centre.fr", ADMIN_PASSWORD: "court" }, "ADMIN_PASSWORD"],
    [{ AUTH_SECRET: "trop-court" }, "AUTH_SECRET"],
    [{ CONTACT_NOTIFY_EMAIL: "equipe" }, "CONTACT_NOTIFY_EMAIL"],
    [{ CONTACT_NOTIFY_EMAIL: "a@centre.fr,b@ailleurs.fr" }, "CONTACT_NOTIFY_EMAIL"],
    [{ FORM_RATE_LIMIT: "-1" }, "FORM_RATE_LIMIT"],
    [{ REQUEST_TIMEOUT: "0" }, "REQUEST_TIMEOUT"],
    [{ PAGE_CACHE_TTL: "1e3" }, "PAGE_CACHE_TTL"],
    [{ METRICS_TOKEN: "court" }, "METRICS_TOKEN"],
    [{ AUTH_RATE_LIMIT: "peut-être" }, "AUTH_RATE_LIMIT"],
    [{ TRUST_PROXY: "oui" }, "TRUST_PROXY"],
    [{ TRUST_PROXY: "10.0.0.0/33" }, "TRUST_PROXY"],
    [{ LOG_LEVEL: "verbeux" }, "LOG_LEVEL"],
    [{ PG_POOL_SIZE: "0" }, "PG_POOL_SIZE"],
    [{ PG_POOL_SIZE: "dix" }, "PG_POOL_SIZE"],
    [{ MIGRATIONS_DIR: "/nulle-part" }, "MIGRATIONS_DIR"],
    [{ NODE_ENV: "prod" }, "NODE_ENV"],
    [{ APPLICATION_RETENTION_MONTHS: "0" }, "APPLICATION_RETENTION_MONTHS"],
    [{ APPLICATION_RETENTION_MONTHS: "deux ans" }, "APPLICATION_RETENTION_MONTHS"],
    [{ APPLICATION_RETENTION_MONTHS: "1.5" }, "APPLICATION_RETENTION_MONTHS"],
    [{ APPLICATION_RETENTION_MONTHS: "121" }, "APPLICATION_RETENTION_MONTHS"],
  ])("refuses %o with one line naming %s", (env, variable) => {
    const message = errorOf(env);
    expect(message.startsWith(variable)).toBe(true);
    expect(message).not.toContain("\n");
  });

  it("says what it received, except for secrets and URLs that may carry a password", () => {
    expect(errorOf({ PORT: "abc" })).toBe("PORT doit être un entier entre 0 et 65535 (reçu « abc »).");
    const secrets: Record<string, string>[] = [
      { DATABASE_URL: "mysql://centre:motdepasse@db/centre" },
      { DATABASE_URL: "//centre:motdepasse@db/centre" },
      { SMTP_URL: "http://centre:motdepasse@mail" },
      { AUTH_SECRET: "motdepasse" },
      { ADMIN_EMAIL: "admin@centre.fr", ADMIN_PASSWORD: "motdepa" },
      { METRICS_TOKEN: "motdepasse" },
    ];
    for (const env of secrets) {
      expect(errorOf(env)).not.toContain("motdepa");
    }
  });

  it("reads numbers written with spaces around them, as it always did", () => {
    expect(loadConfig({ DATA_DIR: dataDir(), PORT: " 8080 ", PG_POOL_SIZE: "" })).toMatchObject({
      port: 8080,
      pgPoolSize: 10,
    });
  });

  it("takes a staff mailbox on a local domain, as its own default is (Paramètres accepts the same)", () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).contactNotifyEmail).toBe("contact@localhost");
    const config = loadConfig({ DATA_DIR: dataDir(), CONTACT_NOTIFY_EMAIL: "equipe@intranet" });
    expect(config.contactNotifyEmail).toBe("equipe@intranet");
  });

  it("reads the proxy, log, pool and folder settings too", () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      TRUST_PROXY: "1",
      LOG_LEVEL: "debug",
      PG_POOL_SIZE: "25",
      BUILD_DIR: "dist",
    });
    expect(config).toMatchObject({ trustProxy: 1, logLevel: "debug", pgPoolSize: 25 });
    expect(config.buildDir).toBe(path.resolve("dist"));
    expect(config.migrationsDir).toBe(path.resolve("drizzle"));
    expect(loadConfig({ DATA_DIR: dataDir() })).toMatchObject({ trustProxy: false, pgPoolSize: 10 });
  });

  it("keeps refused and withdrawn applications 24 months unless APPLICATION_RETENTION_MONTHS says otherwise", () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).applicationRetentionMonths).toBe(24);
    expect(
      loadConfig({ DATA_DIR: dataDir(), APPLICATION_RETENTION_MONTHS: "36" }).applicationRetentionMonths,
    ).toBe(36);
    expect(errorOf({ APPLICATION_RETENTION_MONTHS: "0" })).toBe(
      "APPLICATION_RETENTION_MONTHS doit être un nombre entier de mois entre 1 et 120 (reçu « 0 »).",
    );
  });

  it("takes a PUBLIC_URL on localhost or an IP address (a test run, a machine on the local network)", () => {
    for (const address of [
      "http://localhost:3000",
      "http://127.0.0.1:3700",
      "http://[::1]:8080",
      "http://10.0.0.5",
    ]) {
      expect(loadConfig({ DATA_DIR: dataDir(), PUBLIC_URL: address }).publicUrl).toBe(address);
    }
  });

  it("trims a trailing slash from PUBLIC_URL so e-mail links are well formed", () => {
    expect(loadConfig({ DATA_DIR: dataDir(), PUBLIC_URL: "https://www.centre.fr/" }).publicUrl).toBe(
      "https://www.centre.fr",
    );
  });
});
