// One way for a test to read the database in SQL (what the test checks, said as a query): typed
// rows of `t`'s database. Data a test needs is made with tests/support/factories.ts instead.
import type { TestApp } from "./runtime";

type Row = Record<string, unknown>;

/** `rows` answers every row of a query, `one` its first and fails when there is none. */
export function queriesOn(t: TestApp) {
  const rows = <T = Row>(sql: string, values: unknown[] = []) => t.app.database.query<T>(sql, values);
  const one = async <T = Row>(sql: string, values: unknown[] = []): Promise<T> => {
    const [row] = await rows<T>(sql, values);
    if (!row) throw new Error(`no row: ${sql}`);
    return row;
  };
  return { rows, one };
}
