#!/usr/bin/env node
// @ts-nocheck: plain JavaScript that `npm run lint` runs with node; tests/unit/glossary.test.ts checks it.
// One word per concept: the screens speak French, the code speaks English, and each concept has one
// word in each. This file is the glossary as data (docs/architecture.md's glossary table is checked
// against it by tests/unit/glossary.test.ts) and the check that `npm run lint` runs: it fails when a
// forbidden synonym appears in the code (an identifier, a file or folder name, a permission name, a
// log message, a test's name) or in the French interface text (a string or JSX text).
//
// How the source is read: TypeScript's parser splits each file into identifiers, string literals and
// JSX text, so comments (prose) are never checked, and a French URL segment inside a string
// ('/admin/candidatures') is not code. A word is matched whole after splitting identifiers on case and
// separators (`blogPosts` → blog, posts; `audit:read` → audit, read), so 'postal' is not 'post'.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

/**
 * concept → its French word (screens, URLs, e-mails), its English identifier (code), and the synonyms
 * that must not come back: `code` lists words (lower case; a sequence is several words in a row) that
 * no identifier, file name or code string may contain; `ui` lists French words no interface text may
 * contain.
 */
export const GLOSSARY = [
  {
    concept: "formation",
    fr: "formation",
    en: "formation",
    note: "a course of the catalogue (alternance or formation courte)",
    code: [],
    codeFr: [],
    ui: [],
  },
  {
    concept: "session",
    fr: "session",
    en: "session",
    note: "one run of a formation, with dates and seats (`formationSessions`). Never a sign-in: better-auth's session is an *auth session* (`authSession`) and the signed-in person the *signed-in user* (`getSignedInUser`)",
    code: [["session", "user"]],
    codeFr: [],
    ui: [],
  },
  {
    concept: "application",
    fr: "candidature",
    en: "application",
    note: "a learner's application to a session; the console's admission decisions are *admissions*, the same records",
    code: [],
    codeFr: [["candidature"], ["candidatures"]],
    ui: [],
  },
  {
    concept: "contact request",
    fr: "demande de contact, rappel",
    en: "contact request (`contactRequests`), `callback`",
    note: "a lead; the domain is `leads`",
    code: [],
    codeFr: [],
    ui: [],
  },
  {
    concept: "article",
    fr: "article (the console's Articles)",
    en: "article",
    note: "what /ressources lists; never a blog or a post (the SQL table keeps its first name, `blog_posts`)",
    code: [["blog"], ["blogs"], ["post", "category"], ["posts"]],
    codeFr: [],
    ui: ["blog", "billet", "billets"],
  },
  {
    concept: "resources",
    fr: "ressources",
    en: "resources",
    note: "the public page that lists the articles, guides and the FAQ",
    code: [],
    codeFr: [["ressources"]],
    ui: [],
  },
  {
    concept: "testimonial",
    fr: "témoignage",
    en: "testimonial",
    note: "",
    code: [],
    codeFr: [["temoignage"], ["temoignages"]],
    ui: [],
  },
  {
    concept: "survey",
    fr: "enquête, questionnaire",
    en: "survey, questionnaire",
    note: "a survey is the whole (invitations, answers); a questionnaire is the list of questions sent",
    code: [],
    codeFr: [["enquete"], ["enquetes"]],
    ui: ["sondage", "sondages"],
  },
  {
    concept: "learner",
    fr: "stagiaire",
    en: "learner",
    note: "a person following a session; never a trainee, a student or a stagiaire in code",
    code: [["trainee"], ["trainees"], ["student"], ["students"]],
    codeFr: [["stagiaire"], ["stagiaires"]],
    ui: [],
  },
  {
    concept: "trainer",
    fr: "formateur·rice (Formateurs)",
    en: "trainer (`trainers`)",
    note: "a person who teaches the sessions: the register (its qualification printed on the agreements, its documents with their expiry), picked on each slot of the timetable",
    code: [["instructor"], ["instructors"], ["teacher"], ["teachers"], ["tutor"], ["tutors"]],
    codeFr: [["formateur"], ["formateurs"], ["formatrice"], ["formatrices"]],
    ui: [],
  },
  {
    concept: "timetable",
    fr: "planning, créneau",
    en: "timetable, slot",
    note: "a session's timetable and one of its half-days or hours (`sessionSlots`)",
    code: [],
    codeFr: [["planning"], ["creneau"], ["creneaux"]],
    ui: [],
  },
  {
    concept: "attendance",
    fr: "émargement",
    en: "attendance",
    note: "the learners' signatures of each slot, the attendance sheet (PDF)",
    code: [],
    codeFr: [["emargement"], ["emargements"]],
    ui: ["feuille de présence", "feuilles de présence"],
  },
  {
    concept: "complaint",
    fr: "réclamation",
    en: "complaint",
    note: "the complaints register (Qualiopi indicator 31) and the public form",
    code: [],
    codeFr: [["reclamation"], ["reclamations"]],
    ui: ["plainte", "plaintes"],
  },
  {
    concept: "media library",
    fr: "médiathèque",
    en: "media (the library: `media`, `mediaVariants`)",
    note: "the pictures staff send, describe and reuse in formations, articles and pages",
    code: [["gallery"]],
    codeFr: [["mediatheque"]],
    ui: ["galerie", "photothèque", "bibliothèque d'images"],
  },
  {
    concept: "BPF",
    fr: "BPF (bilan pédagogique et financier)",
    en: "bpf",
    note: "the yearly return to the DREETS: its figures per frame, the lists of learners behind each",
    code: [],
    codeFr: [["bilan"]],
    ui: [],
  },
  {
    concept: "publication",
    fr: "publication (Publier, Dépublier, Programmer)",
    en: "publishing (`publish`, `unpublish`, `publishAt`)",
    note: "what the public site shows: drafts, versions, scheduled publication; the feature is `publishing`",
    code: [],
    codeFr: [["publier"], ["publie"]],
    ui: ["mettre en ligne", "mise en ligne"],
  },
  {
    concept: "settings",
    fr: "Paramètres",
    en: "settings",
    note: "the centre's own data (`centre` in code for the identity itself)",
    code: [],
    codeFr: [["parametres"]],
    ui: [],
  },
  {
    concept: "audit log",
    fr: "Journal (journal d'activité)",
    en: "audit (`auditLog`, `writeAudit`, `audit:read`)",
    note: "who did what, when; `journal` in code is only drizzle's migration journal and the mail queue's journal of accepted ids",
    code: [["journal"]],
    codeFr: [],
    ui: [],
  },
  {
    concept: "statistics",
    fr: "Statistiques",
    en: "statistics",
    note: "",
    code: [],
    codeFr: [["statistiques"]],
    ui: [],
  },
  {
    concept: "calendar",
    fr: "Calendrier",
    en: "calendar",
    note: "",
    code: [],
    codeFr: [["calendrier"]],
    ui: [],
  },
  {
    concept: "user, role",
    fr: "utilisateur, rôle",
    en: "user, role",
    note: "staff accounts: admin, moderator",
    code: [],
    codeFr: [["utilisateur"], ["utilisateurs"]],
    ui: [],
  },
  {
    concept: "level",
    fr: "niveau",
    en: "level",
    note: "the formation's level (niveau 3 to 7, or none)",
    code: [],
    codeFr: [["niveau"], ["niveaux"]],
    ui: [],
  },
  {
    concept: "pages",
    fr: "Pages",
    en: "pages",
    note: "the site's written pages",
    code: [],
    codeFr: [],
    ui: [],
  },
  {
    concept: "payer",
    fr: "financeur",
    en: "payer (`payers`)",
    note: "who pays a learner's training: a company, an OPCO, France Travail, a region, a person… (the register of Facturation); a learner's *funding plan* shares the price between payers",
    code: [],
    codeFr: [["financeur"], ["financeurs"], ["payeur"], ["payeurs"]],
    ui: [],
  },
  {
    concept: "invoice",
    fr: "facture",
    en: "invoice (`invoices`, `invoices:issue`)",
    note: "a numbered, frozen bill to one payer; while it has no number it is a *draft* (brouillon)",
    code: [["bill"], ["bills"]],
    codeFr: [["facture"], ["factures"]],
    ui: [],
  },
  {
    concept: "credit note",
    fr: "avoir",
    en: "credit note (`kind: 'credit_note'`)",
    note: "the only way to correct an issued invoice, totally or partly; numbered in the same sequence",
    code: [["refund"], ["refunds"], ["credit", "memo"]],
    codeFr: [["avoir"], ["avoirs"]],
    ui: [],
  },
  {
    concept: "quote",
    fr: "devis",
    en: "quote (`quotes`)",
    note: "a priced offer a payer accepts before the training",
    code: [["estimate"], ["estimates"]],
    codeFr: [["devis"]],
    ui: [],
  },
  {
    concept: "payment",
    fr: "règlement",
    en: "payment (`payments`, `payments:write`)",
    note: "money received against an issued invoice, whole or partial",
    code: [],
    codeFr: [["reglement"], ["reglements"], ["paiement"], ["paiements"]],
    ui: [],
  },
  {
    concept: "signature request",
    fr: "demande de signature, signataire",
    en: "signature request (`signatureRequests`), signer (`signatureSigners`)",
    note: "a convention or a contrat signed online (simple electronic signature): the frozen PDF and its SHA-256, each signer's evidence, the signed PDF; the feature is `signatures`",
    code: [
      ["signing", "request"],
      ["signatory", "request"],
    ],
    codeFr: [["signataire"], ["signataires"]],
    ui: ["demande de signature électronique"],
  },
  {
    concept: "space",
    fr: "espace personnel (`/espace`)",
    en: "space (`spaceMembers`, `requireSpaceMember`)",
    note: "what a learner, a payer's company contact or a trainer sees of their own records once invited; who may enter is a *membership* (`space_members`); they sign in with a *sign-in link* (lien de connexion, better-auth's magic link)",
    code: [["extranet"]],
    codeFr: [["espace"], ["espaces"]],
    ui: ["portail", "extranet"],
  },
  {
    concept: "console",
    fr: "console (`/admin`)",
    en: "console",
    note: "the back office",
    code: [["back", "office"], ["backoffice"]],
    codeFr: [],
    ui: ["back-office", "backoffice"],
  },
];

/**
 * The justified exceptions: a word that stays in a given file (or everywhere, path "*"), with why.
 * `token` is the exact identifier, string or path segment that may keep it.
 */
export const ALLOWLIST = [
  // Database identifiers: the schema file is being split per feature, and that change renames
  // `blogPosts` → `articles` and better-auth's `sessions` → `authSessions`; until then, code names the
  // table as the schema exports it. SQL names stay as they are: the data holds them.
  // A token allowed everywhere (path "*") is also allowed inside a longer string (an SQL query).
  {
    word: "*",
    token: "blogPosts",
    path: "*",
    reason: "schema's table identifier, renamed with the schema split",
  },
  { word: "*", token: "NewBlogPost", path: "*", reason: "schema's row type, renamed with the schema split" },
  { word: "*", token: "BlogPost", path: "*", reason: "schema's row type, renamed with the schema split" },
  {
    word: "*",
    token: "blog_posts",
    path: "*",
    reason: "SQL table name (and its constraints' and indexes'): the data holds it",
  },
  {
    word: "*",
    token: "blog_post",
    path: "*",
    reason:
      "the audit log's and content versions' entity kind: stored in rows, and in Journal URLs (?type=blog_post)",
  },
  {
    word: "*",
    token: "traineeCategory",
    path: "*",
    reason: "learners' column in the schema, renamed with the schema split",
  },
  { word: "*", token: "trainee_category", path: "*", reason: "SQL column name: the data holds it" },
  {
    word: "*",
    token: "TRAINEE_CATEGORIES",
    path: "*",
    reason: "the list the schema imports as an enum, renamed with the schema split",
  },
  {
    word: "*",
    token: "*",
    path: "app/platform/db/schema.server.ts",
    reason: "the schema file: the schema split renames its identifiers; SQL names stay",
  },
  // Old names and French values that users or data hold.
  {
    word: "candidatures",
    token: "duree_conservation_candidatures",
    path: "*",
    reason: "a placeholder that the centre's own page texts (stored) hold",
  },
  {
    word: "stagiaires",
    token: "duree_conservation_stagiaires",
    path: "*",
    reason: "a placeholder that the centre's own page texts (stored) hold",
  },
  {
    word: "candidatures",
    token: "candidatures",
    path: "app/features/statistics/readings.server.ts",
    reason: "a chart's id, its CSV's URL (/admin/statistiques/candidatures.csv)",
  },
  {
    word: "reclamations",
    token: "reclamations",
    path: "app/features/statistics/readings.server.ts",
    reason: "a chart's id, its CSV's URL (/admin/statistiques/reclamations.csv)",
  },
  {
    word: "ressources",
    token: "ressources",
    path: "app/features/pages/defaults.server.ts",
    reason: "the Ressources page's key, stored in site_pages",
  },
  {
    word: "ressources",
    token: "ressources",
    path: "app/features/demo/fixtures/pages.server.ts",
    reason: "the Ressources page's key, stored in site_pages",
  },
  {
    word: "niveau",
    token: "niveau",
    path: "tests/unit/site-helpers.test.ts",
    reason: "the catalogue's URL parameter (?niveau=niveau-5)",
  },
  {
    word: "temoignages",
    token: "temoignages-anciens.pdf",
    path: "app/features/demo/fixtures/documents/temoignages-anciens.pdf",
    reason: "a public document's URL (/documents/temoignages-anciens.pdf)",
  },
  {
    word: "journal",
    token: "journal",
    path: "app/routes.ts",
    reason: "the Journal screen's French URL (/admin/journal)",
  },
  {
    word: "blog",
    token: "blog",
    path: "app/features/console/renamed-paths.ts",
    reason: "/admin/blog, an old path bookmarks hold: it redirects",
  },
  {
    word: "blog",
    token: "blog:write",
    path: "app/features/accounts/permissions.ts",
    reason: "old permission name, kept as an alias",
  },
  {
    word: "blog",
    token: "*",
    path: "tests/unit/permissions.test.ts",
    reason: "shows the old permission name still answering",
  },
  // Other meanings of a word.
  // The accountant's journal des ventes: a book of accounts (billing's CSV export), not the Journal.
  ...["sales journal", "sales-journal", "salesJournal", "SalesJournal", "SALES_JOURNAL"].map((token) => ({
    word: "journal",
    token,
    path: "*",
    reason: "the accountant's sales journal (journal des ventes), a book of accounts, not the audit log",
  })),
  {
    word: "journal",
    token: "*",
    path: "app/platform/mail/queue.server.ts",
    reason: "the mail queue's journal of accepted ids, not the audit log",
  },
  {
    word: "journal",
    token: "*",
    path: "app/platform/http/health.server.ts",
    reason: "drizzle's migration journal (meta/_journal.json)",
  },
  {
    word: "journal",
    token: "*",
    path: "app/platform/config.server.ts",
    reason: "drizzle's migration journal (meta/_journal.json)",
  },
  {
    word: "journal",
    token: "*",
    path: "app/boot/runtime.server.ts",
    reason: "the mail queue's journal of accepted ids, not the audit log",
  },
  {
    word: "journal",
    token: "*",
    path: "tests/support/migration.ts",
    reason: "drizzle's migration journal (meta/_journal.json)",
  },
  {
    word: "journal",
    token: "_journal_record_titles.sql",
    path: "tests/integration/audit.test.ts",
    reason: "a migration's file name: drizzle holds it",
  },
  // The glossary itself and the test that shows it failing name the synonyms on purpose.
  { word: "*", token: "*", path: "scripts/glossary.mjs", reason: "the glossary's own data" },
  {
    word: "*",
    token: "*",
    path: "tests/unit/glossary.test.ts",
    reason: "feeds the check a synonym on purpose",
  },
];

const SOURCE = /\.(ts|tsx|mjs|cjs|js)$/;
const FRENCH_MARK = /[àâçéèêëîïôûùüÿœ]|\b(de|du|des|la|le|les|un|une|et|est|pour|sur|dans|au|aux|l'|d')\b/i;

const fold = (s) =>
  s
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();

/** `blogPosts` → ['blog', 'posts']; `audit:read` → ['audit', 'read']; `TRAINEE_CATEGORY` → ['trainee', 'category']. */
export function wordsOf(token) {
  return fold(token.replace(/([a-z0-9])([A-Z])/g, "$1 $2").replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2"))
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

const containsSequence = (words, seq) => words.some((_, i) => seq.every((w, j) => words[i + j] === w));

const KEPT = ALLOWLIST.filter((a) => a.path === "*" && a.token !== "*").map((a) => a.token);
const escapeRegExp = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const KEPT_PATTERN = new RegExp(KEPT.map(escapeRegExp).join("|"), "g");

/** `token` without the names kept everywhere (`update blog_posts set` → `update   set`). */
const withoutKept = (token) => token.replace(KEPT_PATTERN, " ");

function allowed(file, word, token) {
  return ALLOWLIST.some(
    (a) =>
      (a.path === "*" || a.path === file) &&
      (a.word === "*" || a.word === word) &&
      (a.token === "*" || a.token === token),
  );
}

/**
 * The pieces of a source text: identifiers, the strings of code (a permission name, an English log
 * message or test name) and the interface's French text (JSX text, a French string).
 */
function piecesOf(file, text) {
  const kind = file.endsWith("x")
    ? ts.ScriptKind.TSX
    : file.endsWith(".ts")
      ? ts.ScriptKind.TS
      : ts.ScriptKind.JS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, kind);
  const identifiers = [];
  const strings = [];
  const ui = [];
  const visit = (node) => {
    if (ts.isIdentifier(node) || ts.isPrivateIdentifier(node)) identifiers.push(node.text);
    else if (ts.isJsxText(node)) {
      if (node.text.trim()) ui.push(node.text);
    } else if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node)
    ) {
      const s = node.text;
      // A French string is the interface's; a module path or a URL is checked by its files' names.
      if (FRENCH_MARK.test(s) || /^[A-ZÀ-Ý]/.test(s.trim())) ui.push(s);
      else if (!s.includes("/")) strings.push(s);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { identifiers, strings, ui };
}

/**
 * The forbidden synonyms in `files` ({ path, text }: text null for a file that is only named).
 * Answers one line per finding: 'path: code «token» says "word": write "english"'.
 */
export function findSynonyms(files) {
  const findings = [];
  for (const { path: file, text } of files) {
    const report = (word, token, entry, where) => {
      if (!allowed(file, word, token))
        findings.push(
          `${file}: ${where} «${token.trim().slice(0, 80)}» says "${word}": write "${where === "text" ? entry.fr : entry.en}"`,
        );
    };
    // Identifiers and file names: neither an English synonym nor the French word.
    const named = file.split("/").map((token) => ({ token, where: "file name" }));
    let strings = [];
    let ui = [];
    if (text !== null && SOURCE.test(file)) {
      const pieces = piecesOf(file, text);
      named.push(...pieces.identifiers.map((token) => ({ token, where: "code" })));
      strings = pieces.strings;
      ui = pieces.ui;
    }
    for (const { token, where } of named) {
      const words = wordsOf(withoutKept(token));
      for (const entry of GLOSSARY)
        for (const seq of [...entry.code, ...entry.codeFr])
          if (containsSequence(words, seq)) report(seq.join(" "), token, entry, where);
    }
    // The strings of code: no English synonym (French words there are URL segments and stored values).
    for (const token of strings) {
      const words = wordsOf(withoutKept(token));
      for (const entry of GLOSSARY)
        for (const seq of entry.code)
          if (containsSequence(words, seq)) report(seq.join(" "), token, entry, "string");
    }
    for (const s of ui) {
      const words = ` ${fold(withoutKept(s)).replace(/[^a-z0-9'-]+/g, " ")} `;
      for (const entry of GLOSSARY)
        for (const word of entry.ui) if (words.includes(` ${fold(word)} `)) report(word, s, entry, "text");
    }
  }
  return findings;
}

/** The repository's checked files: the code and its tests, scripts and benchmarks. */
export function treeFiles(root) {
  const listed = execFileSync(
    "git",
    ["ls-files", "--cached", "--others", "--exclude-standard", "app", "tests", "scripts", "bench"],
    {
      cwd: root,
      encoding: "utf8",
    },
  )
    .split("\n")
    .filter(Boolean);
  return listed.map((file) => {
    try {
      return { path: file, text: SOURCE.test(file) ? readFileSync(path.join(root, file), "utf8") : null };
    } catch {
      return { path: file, text: null }; // listed but deleted in the work tree
    }
  });
}

/** docs/architecture.md's glossary table, from GLOSSARY (the test keeps the doc equal to it). */
export function glossaryTable() {
  const cell = (s) => s.replaceAll("|", "\\|");
  const rows = GLOSSARY.map((e) => {
    const never = [...e.code, ...e.codeFr]
      .map((seq) => `\`${seq.join(" ")}\``)
      .concat(e.ui.map((w) => `'${w}'`));
    const note = [e.note, never.length ? `never: ${never.join(", ")}` : ""].filter(Boolean).join("; ");
    return `| ${cell(e.fr)} | ${cell(e.en)} | ${cell(note)} |`;
  });
  return ["| French (screens, URLs) | English (code) | note |", "| --- | --- | --- |", ...rows].join("\n");
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
  const findings = findSynonyms(treeFiles(root));
  if (findings.length) {
    console.error(findings.join("\n"));
    console.error(
      `\n${findings.length} forbidden synonym(s): one word per concept (scripts/glossary.mjs, docs/architecture.md's glossary).`,
    );
    process.exit(1);
  }
}
