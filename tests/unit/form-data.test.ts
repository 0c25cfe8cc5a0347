import { describe, expect, it } from "vitest";
import { textFields } from "~/lib/form-data";

describe("text fields of a posted form", () => {
  it("keeps text values and drops files, so a file never reaches a schema as text", () => {
    const form = new FormData();
    form.set("intent", "create");
    form.set("title", "Développeur Web");
    form.set("description", new File(["<script>"], "x.html", { type: "text/html" }));
    form.append("title", "second value");
    expect(textFields(form)).toEqual({ intent: "create", title: "Développeur Web" });
  });
});
