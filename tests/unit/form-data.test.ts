import { describe, expect, it } from "vitest";
import { readFormResult } from "~/features/leads/contact-schema";
import { textFields } from "~/platform/form-data";

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

describe("a form's JSON answer", () => {
  it("keeps what the dialog shows and refuses what is not a form result", () => {
    expect(
      readFormResult({
        ok: false,
        errors: { phone: "Numéro invalide", bad: 3 },
        toast: { type: "error", title: "Erreur", description: "Vérifiez" },
        extra: "ignored",
      }),
    ).toEqual({
      ok: false,
      errors: { phone: "Numéro invalide" },
      toast: { type: "error", title: "Erreur", description: "Vérifiez" },
    });
    expect(readFormResult({ ok: true, toast: { type: "warning", title: "x" } })).toEqual({ ok: true });
    for (const body of [null, "<html>", [], { ok: "yes" }, {}]) expect(readFormResult(body)).toBeNull();
  });
});
