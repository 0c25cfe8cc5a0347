/**
 * A Lhéo 2.3 document (namespace http://lheo.gouv.fr/2.3) from the catalogue's records: lheo →
 * offres → formation → action → session, in the order and within the lengths lheo-2.3.xsd sets.
 * Pure: it is handed complete formations (lheo-readiness.ts says which ones are) and writes text.
 * What it reads is in lheo-input.ts, the XML text in lheo-xml.ts, the schema's codes in lheo-values.ts.
 */
import { type CertificationCode, parseCertificationCode } from "../certification-code";
import { moduleHeading } from "../course-record";
import { fieldsWith } from "../formation-entity";
import { seatsLeft } from "../sessions";
import type { LheoCentre, LheoFormation, LheoOffer, LheoSession } from "./lheo-input";
import { digitsOf } from "./lheo-readiness";
import { LHEO_ACTION_SEQUENCE, type LheoActionElement } from "./lheo-sequence";
import {
  address,
  coordinates,
  levelCode,
  lheoDay,
  parsePlace,
  recruitmentState,
  TEACHING_MODE,
  timestamps,
} from "./lheo-values";
import { filled, leaf, node } from "./lheo-xml";

export const LHEO_NAMESPACE = "http://lheo.gouv.fr/2.3";

/**
 * contenu-formation: the programme's modules, or the detailed description, or the summary. A module
 * keeps the number the console's editor, the course page and the programme PDF give it: its place in
 * the programme (moduleHeading counts from 0). One with neither title nor content (a duration alone)
 * says nothing here and is left out, without renumbering the ones after it.
 */
function contents(f: LheoFormation): string {
  const modules = f.program
    .map((module, index) => ({ module, index }))
    .filter(({ module: m }) => filled(m.title) || filled(m.content));
  if (modules.length) {
    return modules
      .map(({ module: m, index }) => {
        const heading = `${moduleHeading(index, m.title)}${filled(m.duration) ? ` (${m.duration.trim()})` : ""}`;
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
  const written: Partial<Record<LheoActionElement, string | readonly string[]>> = {
    "rythme-formation": leaf("rythme-formation", rhythm),
    "code-public-vise": f.targetPublics.slice(0, 10).map((code) => leaf("code-public-vise", code, 5)),
    "niveau-entree-obligatoire": leaf(
      "niveau-entree-obligatoire",
      f.entryLevel === "sans-niveau" ? "0" : "1",
    ),
    "modalites-alternance": leaf(
      "modalites-alternance",
      f.formationType === "alternance" ? rhythm : "Sans alternance",
    ),
    "modalites-enseignement": leaf("modalites-enseignement", TEACHING_MODE[first.mode]),
    "prise-en-charge-frais-possible": leaf("prise-en-charge-frais-possible", f.financingEligible ? "1" : "0"),
    "lieu-de-formation": place ? node("lieu-de-formation", [coordinates({ address: address(place) })]) : "",
    "modalites-entrees-sorties": leaf("modalites-entrees-sorties", f.entryMode),
    "url-action": node("url-action", [leaf("urlweb", `${ctx.base}/formation/${f.slug}`, 400)]),
    session: group.map((s) => session(s, f, ctx)),
    "adresse-information": node("adresse-information", [ctx.centreAddress]),
    "prix-total-TTC": price && price.length <= 10 ? leaf("prix-total-TTC", price, 10) : "",
    "organisme-financeur": f.funders
      .slice(0, 8)
      .map((code) => node("organisme-financeur", [leaf("code-financeur", code)])),
  };
  // The fields that carry their element as they are (formation-entity.ts).
  for (const [name, d] of fieldsWith("lheo")) {
    written[d.lheo.element] = leaf(d.lheo.element, f[name], d.lheo.max);
  }
  return node(
    "action",
    LHEO_ACTION_SEQUENCE.flatMap((element) => written[element] ?? ""),
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
      // Published results (Qualiopi indicator 2): Lhéo 2.3 has no element for them, so each is an
      // `extra` of the formation, worded as on its course page, with its period and sample.
      offer.results?.length
        ? node(
            "extras",
            offer.results.map((line) => leaf("extra", line, 3000, { info: "resultat-publie" })),
          )
        : "",
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
