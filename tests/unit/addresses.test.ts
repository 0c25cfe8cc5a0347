// The canonical form of a path is a fixed point: the entrance redirects to it, so a form that was
// not would redirect for ever. And the logs' masking reads a token however the address is written.
import { describe, expect, it } from "vitest";
import { canonicalPath, maskSecrets, pathRules } from "~/platform/http/addresses.server";

const ODD_PATHS = [
  "/",
  "/formations/",
  "/a/./b/../c",
  "/a/%2e%2E/b",
  "/a/.%2e/b",
  "/a/%2e",
  "/a\\b",
  "///a//b///",
  "/%61%2d%5F%7e%2E",
  "/caf%c3%a9",
  "/a%2fb%2F",
  "/a%252561",
  '/a b"c{d}|e^f`g<h>',
  "/é",
  "/formation/%00",
  "/a%5c..%5Cb",
  "//evil.example/x",
  "http://example.test/a",
];

describe("canonicalPath", () => {
  it.each(ODD_PATHS)("%s: its canonical form is its own canonical form", (raw) => {
    const { path, malformed } = canonicalPath(raw);
    expect(malformed).toBe(false);
    expect(canonicalPath(path)).toEqual({ path, malformed: false });
    expect(path.startsWith("/")).toBe(true);
    expect(path.startsWith("//")).toBe(false);
  });

  it.each(["/%", "/a%2", "/%ZZ", "/%E0%A4%A", "/%E0%A4", "/%C3", "/%FF"])("%s is malformed", (raw) => {
    expect(canonicalPath(raw).malformed).toBe(true);
  });
});

describe("maskSecrets", () => {
  const token = "Tq0_x-Z9abcdefghijklmnopqrstuvwxyzABCDEFGHI";
  it.each([
    [`/enquete/${token}`, "/enquete/[masqué]"],
    [`/EMARGEMENT/${token}.data`, "/EMARGEMENT/[masqué].data"],
    [`/Calendrier/${token}.ics`, "/Calendrier/[masqué].ics"],
    [`/api/auth/RESET-PASSWORD/${token}?callbackURL=/x`, "/api/auth/RESET-PASSWORD/[masqué]?callbackURL=/x"],
    [`/auth?redirectTo=%2Fenquete%2F${token}`, "/auth?redirectTo=%2Fenquete%2F[masqué]"],
    [`/DEVIS/${token}.data`, "/DEVIS/[masqué].data"],
    [`/auth/nouveau-mot-de-passe?Token=${token}&x=1`, "/auth/nouveau-mot-de-passe?Token=[masqué]&x=1"],
    [
      `fetch failed: GET http://h/emargement/${token} (500)`,
      "fetch failed: GET http://h/emargement/[masqué] (500)",
    ],
    // The room's QR code: the token after 'salle' is the secret, not 'salle'.
    [`/emargement/salle/${token}`, "/emargement/salle/[masqué]"],
    [`/Emargement/SALLE/${token}.data`, "/Emargement/SALLE/[masqué].data"],
    [
      `/auth?redirectTo=%2Femargement%2Fsalle%2F${token}`,
      "/auth?redirectTo=%2Femargement%2Fsalle%2F[masqué]",
    ],
  ])("%s", (text, masked) => {
    expect(maskSecrets(text)).toBe(masked);
  });

  it("leaves the console's own pages of the same names readable", () => {
    for (const text of [
      "/admin/enquetes/reponses",
      "/admin/devis/7f1c2e4a-0b9d-4c1e-9a55-2f3e4d5c6b7a",
      "/admin/calendrier?mois=2031-05",
      "/admin/formations/1/sessions/2/emargement.pdf",
    ]) {
      expect(maskSecrets(text)).toBe(text);
    }
  });
});

describe("pathRules", () => {
  it("keeps a signer's pages out of every cache, and lets only the PDF they read be framed, by the site itself", () => {
    const id = "6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f";
    expect(pathRules(`/espace/signatures/${id}`)).toEqual({
      noStore: true,
      pageCache: false,
      sameOriginFrame: false,
    });
    expect(pathRules(`/espace/signatures/${id}/document.pdf`)).toEqual({
      noStore: true,
      pageCache: false,
      sameOriginFrame: true,
    });
    for (const path of ["/", "/admin/signatures/x/document.pdf", "/formation/a/programme.pdf", "/espace"]) {
      expect(pathRules(path).sameOriginFrame).toBe(false);
    }
  });
});
