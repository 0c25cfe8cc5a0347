import { randomBytes } from "node:crypto";
import pg from "pg";
import { startServer, type TestServer } from "./server";

/** The PostgreSQL server the e2e run makes its throwaway databases on (as the integration suite's). */
const PG_ADMIN_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * A server as a real centre starts it: on PostgreSQL (a throwaway database of its own, dropped by
 * `stop`) and with DEMO_DATA off, so nothing is seeded but the administrator. For specs that show what
 * a new centre sees; the others read the demonstration centre on the embedded database.
 */
export async function startNewCentreServer(label: string): Promise<TestServer> {
  const name = `e2e_${randomBytes(6).toString("hex")}`;
  await adminQuery(`create database ${name}`);
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  let server: TestServer;
  try {
    server = await startServer(
      label,
      { DEMO_DATA: "off", DATABASE_URL: url.toString() },
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
