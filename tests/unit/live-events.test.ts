import { describe, expect, it } from "vitest";
import { parseChangeEvent } from "~/platform/live-tables";

describe("change events read from NOTIFY payloads and the event stream", () => {
  it("accepts a change on a followed table", () => {
    expect(parseChangeEvent('{"table":"formations","op":"update"}')).toEqual({
      table: "formations",
      op: "update",
    });
  });

  it("drops anything else instead of passing it on", () => {
    for (const text of [
      "not json",
      "null",
      "42",
      '"formations"',
      '{"table":"users","op":"insert"}',
      '{"table":"formations","op":"truncate"}',
      '{"table":"formations"}',
      "[]",
    ]) {
      expect(parseChangeEvent(text), text).toBeNull();
    }
  });
});
