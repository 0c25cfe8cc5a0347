import type { SQL } from "drizzle-orm";
import type { Db } from "./client.server";

/** Raw SQL through the shared query builder: both drivers answer `{ rows }`. */
export async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
