import { describe, expect, it } from "vitest";
import { escapeXml, xml, xmlDocument, xmlText } from "~/platform/xml";

describe("XML written from typed nodes", () => {
  it("escapes & < > \" ' in text and attributes and keeps emoji and accents as they are", () => {
    const doc = xmlDocument(
      xml("a", { title: `Tom & "Jerry" <3 l'été` }, xmlText("b", `Dupont & Fils <SARL> "Le Pain d'Or" 🥖 é`)),
    );
    expect(doc).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<a title="Tom &amp; &quot;Jerry&quot; &lt;3 l&apos;été">',
        "  <b>Dupont &amp; Fils &lt;SARL&gt; &quot;Le Pain d&apos;Or&quot; 🥖 é</b>",
        "</a>",
        "",
      ].join("\n"),
    );
  });

  it("drops the characters XML 1.0 cannot carry: C0 controls, lone surrogates, U+FFFE", () => {
    expect(escapeXml("a\u0000b\u0007c\td\ne\u000bf\ud800g\udc00h\ufffei😀")).toBe("abc\td\nefghi😀");
  });

  it("leaves out empty children and undefined attributes, and closes an empty element", () => {
    expect(xmlDocument(xml("a", { id: undefined }, null, false, [undefined, xml("b")]))).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<a>\n  <b/>\n</a>\n',
    );
  });
});
