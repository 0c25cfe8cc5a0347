// docs/permissions.md shows the role → permission matrix; this keeps it equal to app/features/accounts/permissions.ts.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  can,
  PERMISSION_DESCRIPTIONS,
  PERMISSIONS,
  ROLE_LABELS,
  ROLE_PERMISSIONS,
  ROLES,
} from "~/features/accounts/permissions";

const START = "<!-- matrix:start -->";
const END = "<!-- matrix:end -->";

/** The matrix as docs/permissions.md writes it, one row per permission. */
function matrixTable(): string {
  const header = `| Permission | Ce qu'elle permet | ${ROLES.map((r) => ROLE_LABELS[r]).join(" | ")} |`;
  const rule = `| --- | --- | ${ROLES.map(() => ":-:").join(" | ")} |`;
  const rows = PERMISSIONS.map(
    (p) =>
      `| \`${p}\` | ${PERMISSION_DESCRIPTIONS[p]} | ${ROLES.map((r) => (can(r, p) ? "✓" : "—")).join(" | ")} |`,
  );
  return [header, rule, ...rows].join("\n");
}

describe("permission matrix", () => {
  it("a renamed permission answers as its new name: blog:write is articles:write", () => {
    expect(PERMISSIONS).not.toContain("blog:write");
    for (const role of [...ROLES, null]) expect(can(role, "blog:write")).toBe(can(role, "articles:write"));
    expect(can("moderator", "blog:write")).toBe(true);
  });

  it("docs/permissions.md shows the matrix of app/features/accounts/permissions.ts", () => {
    const doc = readFileSync("docs/permissions.md", "utf8");
    const start = doc.indexOf(START);
    const end = doc.indexOf(END);
    expect(start, `docs/permissions.md lacks ${START}`).toBeGreaterThanOrEqual(0);
    // On a change of the matrix, paste the expected table shown here between the two markers.
    expect(doc.slice(start + START.length, end).trim()).toBe(matrixTable());
  });

  it("administrators hold every permission; what exports, erases or grants access is theirs alone", () => {
    expect(ROLE_PERMISSIONS.admin).toEqual(PERMISSIONS);
    for (const p of [
      "contacts:export",
      "contacts:erase",
      "users:manage",
      "settings:write",
      "audit:read",
      "applications:erase",
    ] as const) {
      expect(can("moderator", p), p).toBe(false);
    }
    expect(can(null, "console:access")).toBe(false);
    expect(can("moderator", "console:access")).toBe(true);
  });

  it("every role's permissions are known permissions, listed once", () => {
    for (const role of ROLES) {
      const list = ROLE_PERMISSIONS[role];
      expect(new Set(list).size).toBe(list.length);
      for (const p of list) expect(PERMISSIONS).toContain(p);
    }
  });
});
