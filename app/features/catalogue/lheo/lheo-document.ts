/**
 * A Lhéo 2.3 document (namespace http://lheo.gouv.fr/2.3) from the catalogue's records: lheo →
 * offres → formation → action → session, in the order and within the lengths lheo-2.3.xsd sets.
 * Pure: it is handed complete formations (lheo-readiness.ts says which ones are) and writes text.
 */
import { type CertificationCode, parseCertificationCode } from "../certification-code";
import { moduleHeading } from "../course-record";
import type { FormationLevel } from "../levels";
import type { FormationPricing } from "../pricing";
import { type SessionModeValue, seatsLeft } from "../sessions";
import { digitsOf, type LheoReadinessCentre } from "./lheo-readiness";

export const LHEO_NAMESPACE = "http://lheo.gouv.fr/2.3";

/** What the document reads of a formation. */
export interface LheoFormation {
  id: string;
  slug: string;
  title: string;
  description: string;
  longDescription: string | null;
  objectives: readonly string[];
  certification: string | null;
  program: readonly { title: string; duration: string; content: string }[];
  certifying: boolean;
  rncpCode: string | null;
  certifier: string | null;
  contactName: string | null;
  contactPhone: string | null;
  contactEmail: string | null;
  entryLevel: FormationLevel | null;
  exitLevel: FormationLevel | null;
  formationType: string;
  prerequisites: string | null;
  financingEligible: boolean;
  accessArrangements: string | null;
  teachingMethods: string | null;
  accessibility: string | null;
  duration: string;
  pricing: FormationPricing | null;
  price: number;
  priceDetails: string | null;
  formacodes: readonly string[];
  nsfCodes: readonly string[];
  romeCodes: readonly string[];
  targetPublics: readonly string[];
  funders: readonly string[];
  pathType: string | null;
  entryMode: string | null;
  generalObjective: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** What the document reads of an upcoming session (seats taken: admitted, or held for someone). */
export interface LheoSession {
  id: string;
  startDate: string;
  endDate: string;
  mode: SessionModeValue;
  place: string;
  rhythm: string | null;
  seats: number;
  taken: number;
  closed: boolean;
  applicationDeadline: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** The responsible organisation, from Paramètres. */
export interface LheoCentre extends LheoReadinessCentre {
  phone: string;
  email: string;
  referentName: string;
  referentPhone: string;
  referentEmail: string;
}

export interface LheoOffer {
  formation: LheoFormation;
  sessions: readonly LheoSession[];
}

/* ------------------------------------------------------------------------------------------------
 * Text as XML carries it.
 * --------------------------------------------------------------------------------------------- */

// Characters XML 1.0 cannot carry at all (controls but tab and newline; lone surrogates; U+FFFE/F).
const NOT_XML =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these characters are what it removes.
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * The text within `max` characters, as the schema counts them (code points, an emoji is one; line
 * ends as a reader sees them, one \n): cut at the last space before the limit, with an ellipsis.
 */
export function clip(value: string, max: number): string {
  const text = value.replace(/\r\n?/g, "\n").replace(NOT_XML, "").trim();
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  const kept = chars.slice(0, max - 1).join("");
  const space = kept.search(/\s\S*$/);
  const cut = space > kept.length * 0.8 ? kept.slice(0, space) : kept;
  return `${cut.trimEnd()}…`;
}

const escapeText = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const escapeAttribute = (s: string) => escapeText(s).replace(/"/g, "&quot;");

type Attributes = Record<string, string | null | undefined>;

function attributes(attrs: Attributes | undefined): string {
  if (!attrs) return "";
  return Object.entries(attrs)
    .filter((entry): entry is [string, string] => typeof entry[1] === "string")
    .map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`)
    .join("");
}

/** `<name>text</name>`, the text clipped to `max`; nothing when the text is empty. */
function leaf(
  name: string,
  value: string | number | null | undefined,
  max = 3000,
  attrs?: Attributes,
): string {
  if (value === null || value === undefined) return "";
  const text = typeof value === "number" ? String(value) : clip(value, max);
  if (text === "") return "";
  return `<${name}${attributes(attrs)}>${escapeText(text)}</${name}>`;
}

/** `<name>children</name>`; nothing when every child is empty. */
function node(name: string, children: readonly string[], attrs?: Attributes): string {
  const inner = children.join("");
  if (inner === "") return "";
  return `<${name}${attributes(attrs)}>${inner}</${name}>`;
}

const filled = (value: string | null | undefined): value is string => Boolean(value?.trim());

/* ------------------------------------------------------------------------------------------------
 * Values in the schema's codes.
 * --------------------------------------------------------------------------------------------- */

/** code-niveau-entree / code-niveau-sortie: the national framework's levels are codes 11 to 18. */
const LEVEL_CODES: Record<FormationLevel, string> = {
  "sans-niveau": "1",
  "niveau-3": "13",
  "niveau-4": "14",
  "niveau-5": "15",
  "niveau-6": "16",
  "niveau-7": "17",
};

export const levelCode = (level: FormationLevel) => LEVEL_CODES[level];

/** modalites-enseignement: 0 entirely on site, 1 mixed, 2 entirely at a distance. */
const TEACHING_MODE: Record<SessionModeValue, string> = { presentiel: "0", hybride: "1", distance: "2" };

/** YYYYMMDD from a calendar day. */
const lheoDay = (iso: string) => iso.replaceAll("-", "");

/**
 * etat-recrutement: 1 open while seats are left; 2 closed once they are all taken or the deadline
 * (the start date when none) is past; 3 suspended while staff closed applications by hand
 * ('Clôturer', which they may undo).
 */
export function recruitmentState(s: LheoSession, today: string): "1" | "2" | "3" {
  if ((s.applicationDeadline ?? s.startDate) < today || seatsLeft(s) === 0) return "2";
  if (s.closed) return "3";
  return "1";
}

/** '12 rue de la République, 75011 Paris' → its street, postcode and city; null for 'En ligne'. */
export function parsePlace(place: string): { street: string; postalCode: string; city: string } | null {
  const match = /^(.*?)[\s,]+(\d{5})\s+(.+)$/.exec(place.trim());
  if (!match?.[1]?.trim() || !match[2] || !match[3]) return null;
  return { street: match[1].trim().replace(/,$/, ""), postalCode: match[2], city: match[3].trim() };
}

/** The street on up to 4 lines of 50 characters (ligne), split between words. */
function streetLines(street: string): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of clip(street, 200).split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (Array.from(next).length <= 50) line = next;
    else {
      if (line) lines.push(line);
      line = clip(word, 50);
    }
  }
  if (line) lines.push(line);
  return lines.slice(0, 4);
}

function address(a: { street: string; postalCode: string; city: string }): string {
  return node("adresse", [
    ...streetLines(a.street).map((l) => leaf("ligne", l, 50)),
    leaf("codepostal", a.postalCode, 5),
    leaf("ville", a.city, 50),
  ]);
}

function coordinates(c: {
  name?: string | null;
  phone?: string | null;
  email?: string | null;
  web?: string;
  address?: string;
}): string {
  return (
    node("coordonnees", [
      leaf("nom", c.name, 50),
      c.address ?? "",
      filled(c.phone) ? node("telfixe", [leaf("numtel", c.phone, 25)]) : "",
      filled(c.email) && Array.from(c.email.trim()).length >= 3 ? leaf("courriel", c.email, 160) : "",
      c.web ? node("web", [leaf("urlweb", c.web, 400)]) : "",
    ]) || "<coordonnees/>"
  );
}

const timestamps = (r: { createdAt: Date; updatedAt: Date }) => ({
  "horodatage-creation": r.createdAt.toISOString(),
  "horodatage-modification": r.updatedAt.toISOString(),
});

/* ------------------------------------------------------------------------------------------------
 * The document.
 * --------------------------------------------------------------------------------------------- */

/** contenu-formation: the programme's modules, or the detailed description, or the summary. */
function contents(f: LheoFormation): string {
  const modules = f.program.filter((m) => filled(m.title) || filled(m.content));
  if (modules.length) {
    return modules
      .map((m, i) => {
        const heading = `${moduleHeading(i + 1, m.title)}${filled(m.duration) ? ` (${m.duration.trim()})` : ""}`;
        return filled(m.content) ? `${heading}\n${m.content.trim()}` : heading;
      })
      .join("\n\n");
  }
  return filled(f.longDescription) ? f.longDescription : f.description;
}

function certification(code: CertificationCode | null, certifier: string | null): string {
  if (!code) return "";
  const number = `${code.register.toUpperCase()}${code.number}`;
  return node("certification", [
    code.register === "rncp" ? leaf("code-RNCP", number, 10) : leaf("code-RS", number, 10),
    filled(certifier) ? node("extras", [leaf("extra", certifier, 3000, { info: "certificateur" })]) : "",
  ]);
}

/** The sessions grouped by how they are delivered: one action per mode, place and rhythm. */
function actionsOf(sessions: readonly LheoSession[]): LheoSession[][] {
  const groups = new Map<string, LheoSession[]>();
  for (const s of sessions) {
    const key = JSON.stringify([s.mode, s.place.trim(), (s.rhythm ?? "").trim()]);
    groups.set(key, [...(groups.get(key) ?? []), s]);
  }
  return [...groups.values()];
}

interface Context {
  base: string;
  centre: LheoCentre;
  today: string;
  centreAddress: string;
  organisation: string;
}

function session(s: LheoSession, f: LheoFormation, ctx: Context): string {
  return node(
    "session",
    [
      node("periode", [leaf("debut", lheoDay(s.startDate)), leaf("fin", lheoDay(s.endDate))]),
      node("adresse-inscription", [ctx.centreAddress]),
      leaf("etat-recrutement", recruitmentState(s, ctx.today)),
      // 7: 'inscription sur candidature', what the site's application form is.
      node("recrutement", [leaf("modalite-recrutement", "7"), leaf("nb-places", seatsLeft(s))]),
      node("url-session", [
        leaf("urlweb", `${ctx.base}/formation/${f.slug}/candidature?session=${s.id}`, 400),
      ]),
    ],
    { numero: s.id, ...timestamps(s) },
  );
}

function action(group: LheoSession[], f: LheoFormation, ctx: Context): string {
  const first = group[0] as LheoSession;
  const place = parsePlace(first.place);
  const rhythm = first.rhythm ?? "";
  const price = f.pricing === "payant" && f.price > 0 ? String(f.price) : null;
  return node(
    "action",
    [
      leaf("rythme-formation", rhythm),
      ...f.targetPublics.slice(0, 10).map((code) => leaf("code-public-vise", code, 5)),
      leaf("niveau-entree-obligatoire", f.entryLevel === "sans-niveau" ? "0" : "1"),
      leaf("modalites-alternance", f.formationType === "alternance" ? rhythm : "Sans alternance"),
      leaf("modalites-enseignement", TEACHING_MODE[first.mode]),
      leaf("conditions-specifiques", f.prerequisites),
      leaf("prise-en-charge-frais-possible", f.financingEligible ? "1" : "0"),
      place ? node("lieu-de-formation", [coordinates({ address: address(place) })]) : "",
      leaf("modalites-entrees-sorties", f.entryMode),
      node("url-action", [leaf("urlweb", `${ctx.base}/formation/${f.slug}`, 400)]),
      ...group.map((s) => session(s, f, ctx)),
      node("adresse-information", [ctx.centreAddress]),
      leaf("acces-handicapes", f.accessibility, 250),
      leaf("modalites-recrutement", f.accessArrangements, 3000),
      leaf("modalites-pedagogiques", f.teachingMethods, 200),
      price && price.length <= 10 ? leaf("prix-total-TTC", price, 10) : "",
      leaf("duree-indicative", f.duration, 150),
      leaf("detail-conditions-prise-en-charge", f.priceDetails, 600),
      ...f.funders.slice(0, 8).map((code) => node("organisme-financeur", [leaf("code-financeur", code)])),
    ],
    { numero: `${f.id}-${first.id}` },
  );
}

function formation(offer: LheoOffer, ctx: Context): string {
  const f = offer.formation;
  return node(
    "formation",
    [
      node("domaine-formation", [
        ...f.formacodes.slice(0, 5).map((c) => leaf("code-FORMACODE", c, 5)),
        ...f.nsfCodes.slice(0, 3).map((c) => leaf("code-NSF", c, 3)),
        ...f.romeCodes.slice(0, 5).map((c) => leaf("code-ROME", c, 5)),
      ]) || "<domaine-formation/>",
      leaf("intitule-formation", f.title, 255),
      leaf(
        "objectif-formation",
        f.objectives
          .filter(filled)
          .map((o) => o.trim())
          .join("\n"),
      ),
      leaf("resultats-attendus", f.certification),
      leaf("contenu-formation", contents(f)),
      leaf("certifiante", f.certifying ? "1" : "0"),
      node("contact-formation", [
        coordinates({
          name: f.contactName,
          phone: filled(f.contactPhone) ? f.contactPhone : ctx.centre.phone,
          email: filled(f.contactEmail) ? f.contactEmail : ctx.centre.email,
        }),
      ]),
      leaf("parcours-de-formation", f.pathType),
      leaf("code-niveau-entree", f.entryLevel ? levelCode(f.entryLevel) : null),
      leaf("objectif-general-formation", f.generalObjective),
      f.certifying ? certification(parseCertificationCode(f.rncpCode), f.certifier) : "",
      leaf("code-niveau-sortie", f.exitLevel ? levelCode(f.exitLevel) : null),
      node("url-formation", [leaf("urlweb", `${ctx.base}/formation/${f.slug}`, 400)]),
      ...actionsOf(offer.sessions).map((group) => action(group, f, ctx)),
      ctx.organisation,
    ],
    { numero: f.id, ...timestamps(f) },
  );
}

function organisation(c: LheoCentre, base: string, centreAddress: string): string {
  const contacts = [
    // 4: 'Accueil'.
    node("contact-organisme", [leaf("type-contact", "4"), coordinates({ phone: c.phone, email: c.email })]),
  ];
  if (filled(c.referentName)) {
    // 1: 'Référent handicap'.
    contacts.push(
      node("contact-organisme", [
        leaf("type-contact", "1"),
        coordinates({ name: c.referentName, phone: c.referentPhone, email: c.referentEmail }),
      ]),
    );
  }
  return node("organisme-formation-responsable", [
    leaf("numero-activite", digitsOf(c.activityNumber), 11),
    node("SIRET-organisme-formation", [leaf("SIRET", digitsOf(c.siret), 14)]),
    leaf("nom-organisme", c.name, 250),
    leaf("raison-sociale", c.name, 250),
    node("coordonnees-organisme", [
      coordinates({ phone: c.phone, email: c.email, web: base, address: centreAddress }),
    ]),
    ...contacts,
  ]);
}

/**
 * The whole document for these offers (each with at least one upcoming session, see
 * lheo-readiness.ts: the schema wants one formation at least, each with an action and a session).
 * `base`: the site's public address, `today`: the Paris day the recruitment states are read on.
 */
export function lheoDocument(
  offers: readonly LheoOffer[],
  centre: LheoCentre,
  options: { base: string; today: string },
): string {
  const base = options.base.replace(/\/$/, "");
  const centreAddress = address(centre);
  const ctx: Context = {
    base,
    centre,
    today: options.today,
    centreAddress,
    organisation: organisation(centre, base, centreAddress),
  };
  const body = offers.map((o) => formation(o, ctx)).join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<lheo xmlns="${LHEO_NAMESPACE}">\n<offres>\n${body}\n</offres>\n</lheo>\n`;
}
