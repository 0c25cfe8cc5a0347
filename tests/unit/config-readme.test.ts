import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { VARIABLES } from "~/platform/config.server";

/** The README's Configuration table: each row's variables (`ADMIN_EMAIL`, `ADMIN_PASSWORD` share one) and default cell. */
function readmeTable(): Map<string, string> {
  const readme = readFileSync("README.md", "utf8");
  const section = readme.split(/^## /m).find((part) => part.startsWith("Configuration\n")) ?? "";
  const rows = new Map<string, string>();
  for (const line of section.split("\n")) {
    const [names, fallback, meaning] = line.split(" | ");
    if (!line.startsWith("| `") || names === undefined || fallback === undefined || meaning === undefined)
      continue;
    for (const name of names.slice(2).split(", ")) rows.set(name.replaceAll("`", ""), fallback);
  }
  return rows;
}

describe("the README's Configuration table", () => {
  const table = readmeTable();

  it("lists every variable the server reads, and only those", () => {
    expect([...table.keys()].sort()).toEqual(VARIABLES.map((v) => v.name).sort());
  });

  it.each(VARIABLES.filter((v) => v.default !== undefined))(
    "gives the default the server applies to $name",
    (v) => {
      expect(table.get(v.name)).toBe(`\`${v.default}\``);
    },
  );
});
