import pg from "pg";

/** The server the PostgreSQL runs (integration and e2e) create their throwaway databases on. */
export const PG_ADMIN_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

/** The address of database `name` on that server. */
export function databaseUrl(name: string): string {
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/** SQL run on the database at `url` with a connection of its own (a set-up written behind a server's back). */
export async function runSql(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** One statement on that server's administration database (create or drop a database). */
export function adminQuery(text: string): Promise<void> {
  return runSql(PG_ADMIN_URL, text);
}
