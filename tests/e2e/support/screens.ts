import routes from "../../../app/routes";
import type { Page } from "./test";

// Every screen of the route table, for the walks that check them all (layout-width.spec.ts at 360
// and 1024 px, french-typography.spec.ts for the console's text), and how to reach a record screen.

interface RouteEntry {
  path?: string;
  file: string;
  children?: RouteEntry[];
}

// A real record for each dynamic segment, so the page renders its full layout.
const SAMPLE: Record<string, string> = {
  "routes/admin/page.tsx": "/admin/pages/notre-centre",
  "routes/site/formation.tsx": "/formation/tp-assistant-commercial",
  "routes/site/article.tsx": "/ressources/article/reconversion-professionnelle-5-etapes",
  "routes/site/apply.tsx": "/formation/tp-assistant-commercial/candidature",
  "routes/site/apply-sent.tsx": "/formation/tp-assistant-commercial/candidature/envoyee",
  // A link nobody was sent: the French page of an unknown survey (surveys.spec.ts measures a real one).
  "routes/site/survey.tsx": "/enquete/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
  // An unknown positioning link: its French page (positioning.spec.ts answers a real one at 360 px).
  "routes/site/positioning.tsx": "/positionnement/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
  // An unknown attendance link: its French page (attendance.spec.ts measures a real one at 360 px).
  "routes/site/attendance-sign.tsx": "/emargement/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
  // An unknown quote link: its French page (invoices.spec.ts opens a real one from its e-mail).
  "routes/site/quote.tsx": "/devis/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
  // An unknown QR code of a slot: its French page (attendance-room.spec.ts signs through a real one).
  "routes/site/attendance-room.tsx": "/emargement/salle/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
  // A demande de signature nobody holds: the sign-in page signed out, 'Document introuvable' signed in
  // (signatures.spec.ts signs a real one at 360 px).
  "routes/space/signature.tsx": "/espace/signatures/00000000-0000-4000-8000-000000000000",
  // A learner's file in their personal space: signed out, the sign-in page (spaces.spec.ts measures a real one).
  "routes/space/learner.tsx": "/espace/stagiaire/00000000-0000-4000-8000-000000000000",
  // A learner's positioning questionnaire in their space: signed out, the sign-in page.
  "routes/space/learner-positioning.tsx":
    "/espace/stagiaire/00000000-0000-4000-8000-000000000000/positionnement",
  // A company's space: signed out, the sign-in page (space-company.spec.ts measures a real one at 360 px).
  "routes/space/company.tsx": "/espace/entreprise/00000000-0000-4000-8000-000000000000",
  // A trainer's space and one of their slots: signed out, the sign-in page (space-trainer.spec.ts
  // measures real ones at 360 px).
  "routes/space/trainer.tsx": "/espace/formateur/00000000-0000-4000-8000-000000000000",
  "routes/space/trainer-slot.tsx":
    "/espace/formateur/00000000-0000-4000-8000-000000000000/creneaux/00000000-0000-4000-8000-000000000000",
};

// Console records have ids only known at run time: the first link of their list page that leads to
// one. A visitor who cannot read the list (signed out, no role) gets an id that exists nowhere, which
// is still a page to measure (the sign-in form, 'Accès refusé').
export const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";
// A `list` starting with @ is itself a linked record (a session's planning: from its formation's sessions).
const LINKED: Record<string, { list: string; href: RegExp; unknown?: string }> = {
  // The formation editor, a page of its own (its 'nouvelle' form has the same sections).
  "routes/admin/formation.tsx": {
    list: "/admin/formations",
    href: /^\/admin\/formations\/[0-9a-f-]{36}$/,
    unknown: `/admin/formations/${UNKNOWN_ID}`,
  },
  "routes/admin/formation-sessions.tsx": {
    list: "/admin/formations",
    href: /^\/admin\/formations\/[0-9a-f-]{36}\/sessions$/,
    unknown: `/admin/formations/${UNKNOWN_ID}/sessions`,
  },
  "routes/admin/session-timetable.tsx": {
    list: "@routes/admin/formation-sessions.tsx",
    href: /^\/admin\/formations\/[0-9a-f-]{36}\/sessions\/[0-9a-f-]{36}\/planning$/,
    unknown: `/admin/formations/${UNKNOWN_ID}/sessions/${UNKNOWN_ID}/planning`,
  },
  "routes/admin/session-attendance.tsx": {
    list: "@routes/admin/session-timetable.tsx",
    href: /^\/admin\/formations\/[0-9a-f-]{36}\/sessions\/[0-9a-f-]{36}\/emargement$/,
    unknown: `/admin/formations/${UNKNOWN_ID}/sessions/${UNKNOWN_ID}/emargement`,
  },
  "routes/admin/session-attendance-slot.tsx": {
    list: "@routes/admin/session-attendance.tsx",
    href: /^\/admin\/formations\/[0-9a-f-]{36}\/sessions\/[0-9a-f-]{36}\/emargement\/[0-9a-f-]{36}$/,
    unknown: `/admin/formations/${UNKNOWN_ID}/sessions/${UNKNOWN_ID}/emargement/${UNKNOWN_ID}`,
  },
  // The slot's QR code, shown full screen in the room ('Afficher le QR code' on the slot's page).
  "routes/admin/session-attendance-qr.tsx": {
    list: "@routes/admin/session-attendance-slot.tsx",
    href: /^\/admin\/formations\/[0-9a-f-]{36}\/sessions\/[0-9a-f-]{36}\/emargement\/[0-9a-f-]{36}\/qr-code$/,
    unknown: `/admin/formations/${UNKNOWN_ID}/sessions/${UNKNOWN_ID}/emargement/${UNKNOWN_ID}/qr-code`,
  },
  "routes/admin/application.tsx": {
    list: "/admin/candidatures",
    href: /^\/admin\/candidatures\/[0-9a-f-]{36}$/,
  },
  "routes/admin/complaint.tsx": {
    list: "/admin/reclamations",
    href: /^\/admin\/reclamations\/[0-9a-f-]{36}$/,
  },
  "routes/admin/publication.tsx": {
    list: "/admin/formations",
    href: /^\/admin\/publication\/formation\/[0-9a-f-]{36}$/,
    unknown: `/admin/publication/formation/${UNKNOWN_ID}`,
  },
  "routes/admin/learner-funding.tsx": {
    list: "/admin/stagiaires",
    href: /^\/admin\/stagiaires\/[0-9a-f-]{36}\/financement$/,
    unknown: `/admin/stagiaires/${UNKNOWN_ID}/financement`,
  },
  "routes/admin/learner-follow-up.tsx": {
    list: "/admin/stagiaires",
    href: /^\/admin\/stagiaires\/[0-9a-f-]{36}\/suivi$/,
    unknown: `/admin/stagiaires/${UNKNOWN_ID}/suivi`,
  },
  // A learner's Positionnement: the questionnaire's answers and the adaptation decided.
  "routes/admin/learner-positioning.tsx": {
    list: "/admin/stagiaires",
    href: /^\/admin\/stagiaires\/[0-9a-f-]{36}\/positionnement$/,
    unknown: `/admin/stagiaires/${UNKNOWN_ID}/positionnement`,
  },
  // An invoice from the list (the demo centre has none yet: the unknown one's page).
  "routes/admin/invoice.tsx": {
    list: "/admin/factures",
    href: /^\/admin\/factures\/[0-9a-f-]{36}$/,
  },
  // A quote from the list, else the new quote's editor ('Nouveau devis').
  "routes/admin/quote.tsx": {
    list: "/admin/devis",
    href: /^\/admin\/devis\/(?:[0-9a-f-]{36}|nouveau)$/,
  },
  // A trainer of the register, else the unknown one's page (the demo centre has none).
  "routes/admin/trainer.tsx": {
    list: "/admin/formateurs",
    href: /^\/admin\/formateurs\/[0-9a-f-]{36}$/,
  },
  // A demande de signature from a learner's file (the demo centre has none: the unknown one's page).
  "routes/admin/signature-request.tsx": {
    list: "/admin/stagiaires",
    href: /^\/admin\/signatures\/[0-9a-f-]{36}$/,
    unknown: `/admin/signatures/${UNKNOWN_ID}`,
  },
  "routes/admin/survey-questionnaire.tsx": {
    list: "/admin/enquetes",
    href: /^\/admin\/enquetes\/[0-9a-f-]{36}$/,
  },
};

/** Every screen of the route table: route modules that render (.tsx), splats left out. */
function screens(entries: RouteEntry[]): string[] {
  const out: string[] = [];
  for (const entry of entries) {
    if (entry.children) out.push(...screens(entry.children));
    else if (entry.file.endsWith(".tsx") && !entry.path?.includes("*")) {
      out.push(SAMPLE[entry.file] ?? (LINKED[entry.file] ? `@${entry.file}` : `/${entry.path ?? ""}`));
    }
  }
  return [...new Set(out)];
}

export const PAGES = screens(routes as RouteEntry[]);
export const isConsole = (screen: string) =>
  screen.startsWith("/admin") || screen.startsWith("@routes/admin/");
export const CONSOLE = PAGES.filter(isConsole);
export const PUBLIC = PAGES.filter((screen) => !isConsole(screen));

/**
 * `list` cut into `count` runs of consecutive screens, in the route table's order; a record screen whose
 * list page falls in another run has that list page visited first (Walk.resolve).
 */
export function slices(list: string[], count: number): string[][] {
  const size = Math.ceil(list.length / count);
  return Array.from({ length: count }, (_, i) => list.slice(i * size, (i + 1) * size));
}

/**
 * One walk's visits: the links of each page seen, so that a record screen is reached from its list
 * page without loading that list a second time.
 */
export class Walk {
  private readonly links = new Map<string, string[]>();

  constructor(private readonly page: Page) {}

  async visit(path: string): Promise<void> {
    await this.page.goto(path);
    const hrefs = await this.page
      .locator("a[href]")
      .evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
    this.links.set(path, hrefs);
  }

  async resolve(path: string): Promise<string> {
    const entry = Object.entries(LINKED).find(([file]) => path === `@${file}`);
    if (!entry) return path;
    const [, { list, href, unknown }] = entry;
    const listPath = await this.resolve(list);
    if (!this.links.has(listPath)) await this.visit(listPath);
    const found = this.links.get(listPath)?.find((h) => href.test(h));
    if (found) return found;
    return unknown ?? `${list}/${UNKNOWN_ID}`;
  }
}
