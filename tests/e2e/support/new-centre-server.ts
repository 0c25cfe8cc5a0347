import { randomBytes } from "node:crypto";
import { adminQuery, databaseUrl } from "../../support/pg-admin";
import { startServer, type TestServer } from "./server";

/**
 * A server as a real centre starts it: on PostgreSQL (a throwaway database of its own, dropped by
 * `stop`) and with DEMO_DATA off, so nothing is seeded but the administrator. For specs that show what
 * a new centre sees; the others read the demonstration centre on the embedded database.
 */
export async function startNewCentreServer(label: string): Promise<TestServer> {
  const name = `e2e_${randomBytes(6).toString("hex")}`;
  await adminQuery(`create database ${name}`);
  let server: TestServer;
  try {
    server = await startServer(
      label,
      { DEMO_DATA: "off", DATABASE_URL: databaseUrl(name) },
      { shortLived: true },
    );
  } catch (error) {
    await adminQuery(`drop database if exists ${name} with (force)`);
    throw error;
  }
  return {
    url: server.url,
    async stop() {
      await server.stop();
      await adminQuery(`drop database if exists ${name} with (force)`);
    },
  };
}
