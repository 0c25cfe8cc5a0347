import { describe, expect, it } from "vitest";
import { safeRedirect } from "~/platform/safe-redirect";

// Each hostile value is also checked the way a browser would follow it: resolved against our page.
const OURS = "https://www.centre.fr/auth";
const landsOn = (location: string) => new URL(location, OURS).origin;

describe("safeRedirect", () => {
  it.each([
    ["//evil.example/x"],
    ["/\\evil.example"],
    ["\\\\evil.example"],
    ["/\t/evil.example"],
    ["/\n/evil.example"],
    ["/\r\n/evil.example"],
    ["\t//evil.example"],
    ["\u0001//evil.example"],
    [" //evil.example"],
    ["/.//evil.example"],
    ["/x/..//evil.example"],
    ["/%2e//evil.example"],
    ["https://evil.example"],
    ["http:evil.example"],
    ["javascript:alert(1)"],
    ["evil.example"],
    ["%2F%2Fevil.example"],
    [""],
    [null],
    [undefined],
    [`/${"a".repeat(3000)}`],
  ])("refuses %j", (input) => {
    expect(safeRedirect(input)).toBe("/");
  });

  it.each([
    ["/admin/formations", "/admin/formations"],
    ["/formations?type=alternance#liste", "/formations?type=alternance#liste"],
    ["/café", "/caf%C3%A9"],
    ["/é\u3000x", "/%C3%A9%E3%80%80x"],
    ["/admin\n/contacts", "/admin/contacts"],
    ["/a\r/b", "/a/b"],
    ["/%2F%2Fevil.example", "/%2F%2Fevil.example"],
    ["/\uFF0F\uFF0Fevil.example", "/%EF%BC%8F%EF%BC%8Fevil.example"],
    ["/x/../admin", "/admin"],
  ])("keeps %j as the same-site path %j", (input, expected) => {
    const result = safeRedirect(input);
    expect(result).toBe(expected);
    expect(landsOn(result)).toBe("https://www.centre.fr");
    // Only printable ASCII: a valid header value.
    expect(result).toMatch(/^[\x21-\x7e]+$/);
  });

  it("uses the given fallback", () => {
    expect(safeRedirect("//evil.example", "/admin")).toBe("/admin");
  });
});
