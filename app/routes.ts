import {
  index,
  layout,
  prefix,
  type RouteConfig,
  type RouteConfigEntry,
  route,
} from "@react-router/dev/routes";
import { RENAMED_CONSOLE_PATHS } from "./features/console/renamed-paths";

/**
 * Every route matches its path's exact case: `/ADMIN/stagiaires` or `/CALENDRIER/<token>.ics` name no
 * page, so the rules that protect an address (no-store, the page cache, the logs' masking, in
 * platform/http/addresses.server.ts) never meet a page under another spelling of its path.
 */
function caseSensitive(routes: RouteConfigEntry[]): RouteConfigEntry[] {
  return routes.map((entry) => ({
    ...entry,
    caseSensitive: true,
    ...(entry.children ? { children: caseSensitive(entry.children) } : {}),
  }));
}

export default caseSensitive([
  layout("routes/site/layout.tsx", [
    index("routes/site/home.tsx"),
    route("auth", "routes/site/auth.tsx"),
    route("auth/mot-de-passe-oublie", "routes/site/forgot-password.tsx"),
    route("auth/nouveau-mot-de-passe", "routes/site/reset-password.tsx"),
    route("formations", "routes/site/formations.tsx", { id: "formations" }),
    route("formations/alternance", "routes/site/formations.tsx", { id: "formations-alternance" }),
    route("formations/courtes", "routes/site/formations.tsx", { id: "formations-courtes" }),
    route("formation/:slug", "routes/site/formation.tsx"),
    route("formation/:slug/candidature", "routes/site/apply.tsx"),
    route("formation/:slug/candidature/envoyee", "routes/site/apply-sent.tsx"),
    route("financements", "routes/site/funding.tsx"),
    route("notre-centre", "routes/site/about.tsx"),
    route("contact", "routes/site/contact.tsx"),
    route("reclamation", "routes/site/complaint.tsx"),
    route("ressources", "routes/site/resources.tsx"),
    route("ressources/article/:slug", "routes/site/article.tsx"),
    route("mentions-legales", "routes/site/legal-notice.tsx"),
    route("politique-confidentialite", "routes/site/privacy-policy.tsx"),
    route("cgu", "routes/site/terms.tsx"),
    route("enquete/:token", "routes/site/survey.tsx"),
    // The positioning questionnaire's personal link, answered once before entry.
    route("positionnement/:token", "routes/site/positioning.tsx"),
    route("emargement/:token", "routes/site/attendance-sign.tsx"),
    route("devis/:token", "routes/site/quote.tsx"),
    // The slot's QR code shown in the room: the learner signs with their personal code.
    route("emargement/salle/:token", "routes/site/attendance-room.tsx"),
    // A signer's page of a demande de signature (signed in, their verified e-mail): under the site's
    // layout until the personal space (/espace) has its own.
    route("espace/signatures/:id", "routes/space/signature.tsx"),
    // Personal spaces: the sign-in page outside the walls, every other page inside them.
    route("espace/connexion", "routes/space/sign-in.tsx"),
    layout("routes/space/layout.tsx", [
      route("espace", "routes/space/home.tsx"),
      route("espace/mot-de-passe", "routes/space/password.tsx"),
      route("espace/stagiaire/:learnerId", "routes/space/learner.tsx"),
      route("espace/stagiaire/:learnerId/documents/:documentId", "routes/space/learner-document.ts"),
      route("espace/entreprise/:payerId", "routes/space/company.tsx"),
      route(
        "espace/entreprise/:payerId/stagiaires/:learnerId/documents/:documentId",
        "routes/space/company-document.ts",
      ),
      route("espace/entreprise/:payerId/factures/:invoiceId", "routes/space/company-invoice.ts"),
      route("espace/entreprise/:payerId/devis/:quoteId", "routes/space/company-quote.ts"),
      route("espace/formateur/:trainerId", "routes/space/trainer.tsx"),
      route("espace/formateur/:trainerId/documents/:documentId", "routes/space/trainer-document.ts"),
      route("espace/formateur/:trainerId/creneaux/:slotId", "routes/space/trainer-slot.tsx"),
    ]),
    route("*", "routes/site/not-found.tsx"),
  ]),
  route("formation/:slug/programme.pdf", "routes/site/formation-pdf.ts"),
  route("formation/:slug/lheo.xml", "routes/site/formation-lheo.ts"),
  route("documents/:file", "routes/site/demo-document.ts"),
  route("auth/verifie", "routes/site/email-verified.ts"),
  route("espace/signatures/:id/document.pdf", "routes/space/signature-document.ts"),
  route("auth/deconnexion", "routes/site/sign-out.ts"),
  ...prefix("admin", [
    layout("routes/admin/layout.tsx", [
      index("routes/admin/dashboard.tsx"),
      route("formations", "routes/admin/formations.tsx"),
      // 'nouvelle' or a formation's id: its editor, a page of its own.
      route("formations/:id", "routes/admin/formation.tsx"),
      route("formations/:id/sessions", "routes/admin/formation-sessions.tsx"),
      route("formations/:id/sessions/:sessionId/planning", "routes/admin/session-timetable.tsx"),
      route("formations/:id/sessions/:sessionId/emargement", "routes/admin/session-attendance.tsx"),
      route("formations/:id/sessions/:sessionId/emargement.pdf", "routes/admin/session-attendance-sheet.ts"),
      route(
        "formations/:id/sessions/:sessionId/emargement-vierge.pdf",
        "routes/admin/session-attendance-blank-sheet.ts",
      ),
      route(
        "formations/:id/sessions/:sessionId/emargement/:slotId",
        "routes/admin/session-attendance-slot.tsx",
      ),
      route(
        "formations/:id/sessions/:sessionId/emargement/:slotId/qr-code",
        "routes/admin/session-attendance-qr.tsx",
      ),
      route("articles", "routes/admin/articles.tsx"),
      route("contacts", "routes/admin/contacts.tsx"),
      route("contacts/export.csv", "routes/admin/contacts-export.ts"),
      route("candidatures", "routes/admin/applications.tsx"),
      route("candidatures/:id", "routes/admin/application.tsx"),
      route("candidatures/:id/fichiers/:fileId", "routes/admin/application-file.ts"),
      route("stagiaires", "routes/admin/learners.tsx"),
      route("stagiaires/export.csv", "routes/admin/learners-export.ts"),
      route("stagiaires/import", "routes/admin/learners-import.tsx"),
      route("stagiaires/documents/:documentId", "routes/admin/learner-document.ts"),
      route("stagiaires/pieces/:requestId", "routes/admin/requested-document.ts"),
      route("stagiaires/documents/:documentId/copie-signee", "routes/admin/learner-signed-copy.ts"),
      route("stagiaires/:learnerId/apercu/:document", "routes/admin/learner-document-preview.ts"),
      route("stagiaires/:id/financement", "routes/admin/learner-funding.tsx"),
      route("stagiaires/:id/positionnement", "routes/admin/learner-positioning.tsx"),
      // A demande de signature: its signers and evidence, the centre's signature, 'Vérifier'; its PDFs.
      route("signatures/:id", "routes/admin/signature-request.tsx"),
      route("signatures/:id/document.pdf", "routes/admin/signature-request-file.ts", {
        id: "signature-frozen",
      }),
      route("signatures/:id/signe.pdf", "routes/admin/signature-request-file.ts", { id: "signature-signed" }),
      route("reclamations", "routes/admin/complaints.tsx"),
      route("reclamations/:id", "routes/admin/complaint.tsx"),
      route("qualiopi", "routes/admin/quality.tsx"),
      route("qualiopi/ameliorations", "routes/admin/quality-improvements.tsx"),
      route("qualiopi/ameliorations.csv", "routes/admin/quality-improvements-export.ts"),
      route("qualiopi/veille", "routes/admin/quality-watch.tsx"),
      route("qualiopi/partenaires-handicap", "routes/admin/quality-partners.tsx"),
      route("enquetes", "routes/admin/surveys.tsx"),
      route("enquetes/reponses", "routes/admin/survey-answers.tsx"),
      route("enquetes/reponses.csv", "routes/admin/survey-answers-export.ts"),
      route("enquetes/analyse.csv", "routes/admin/survey-analysis-export.ts"),
      route("enquetes/analyse.pdf", "routes/admin/survey-analysis-pdf.ts"),
      route("enquetes/:id", "routes/admin/survey-questionnaire.tsx"),
      route("qualiopi/dossier", "routes/admin/quality-pack.tsx"),
      route("qualiopi/dossier/:id.zip", "routes/admin/quality-pack-zip.ts"),
      route("temoignages", "routes/admin/testimonials.tsx"),
      route("mediatheque", "routes/admin/media.tsx"),
      route("pages", "routes/admin/pages.tsx"),
      route("pages/:id", "routes/admin/page.tsx"),
      route("publication/:kind/:id", "routes/admin/publication.tsx"),
      route("utilisateurs", "routes/admin/users.tsx"),
      route("journal", "routes/admin/audit.tsx"),
      route("statistiques", "routes/admin/statistics.tsx"),
      route("statistiques/:graphique.csv", "routes/admin/statistics-csv.ts"),
      route("statistiques/bpf", "routes/admin/bpf.tsx"),
      route("statistiques/bpf/stagiaires.csv", "routes/admin/bpf-csv.ts"),
      route("statistiques/bpf/produits.csv", "routes/admin/bpf-products-csv.ts"),
      route("encours", "routes/admin/outstanding.tsx"),
      route("exports-comptables", "routes/admin/accounting-exports.tsx"),
      route("exports-comptables/journal-des-ventes.csv", "routes/admin/sales-journal-export.ts"),
      route("exports-comptables/factures.zip", "routes/admin/invoices-archive.ts"),
      route("financeurs", "routes/admin/payers.tsx"),
      route("formateurs", "routes/admin/trainers.tsx"),
      route("formateurs/:id", "routes/admin/trainer.tsx"),
      route("formateurs/:id/documents/:documentId", "routes/admin/trainer-document.ts"),
      route("parametres", "routes/admin/settings.tsx"),
      route("calendrier", "routes/admin/calendar.tsx"),
      route("factures", "routes/admin/invoices.tsx"),
      route("factures/:id", "routes/admin/invoice.tsx"),
      route("factures/:id/pdf", "routes/admin/invoice-pdf.ts"),
      route("devis", "routes/admin/quotes.tsx"),
      // 'nouveau' or a quote's id: its editor, a page of its own.
      route("devis/:id", "routes/admin/quote.tsx"),
      route("*", "routes/admin/not-found.tsx"),
    ]),
    // The English paths of before (/admin/statistics/…): a plain permanent redirect to the French path,
    // outside the layout because it reads nothing, not even the session.
    ...Object.keys(RENAMED_CONSOLE_PATHS).map((old) =>
      route(`${old}/*`, "routes/admin/renamed.ts", { id: `admin-renamed-${old}` }),
    ),
  ]),
  route("api/auth/*", "routes/api/auth.ts"),
  route("api/rappel", "routes/api/callback.ts"),
  route("api/certificat-qualiopi.pdf", "routes/api/qualiopi-certificate.ts"),
  route("calendrier/:token.ics", "routes/api/calendar-feed.ts"),
  // A learner's own iCalendar feed (their session's slots), read with its token alone.
  route("espace/calendrier/:memberId/:token.ics", "routes/space/calendar-feed.ts"),
  route("sitemap.xml", "routes/api/sitemap.ts"),
  route("lheo.xml", "routes/api/lheo.ts"),
  route("robots.txt", "routes/api/robots.ts"),
]) satisfies RouteConfig;
