import { Link } from "react-router";
import { formatDate } from "~/platform/dates";
import type { LegalSection } from "../legal";

/**
 * The common layout of the three legal pages: the sections generated from Paramètres, then the page's
 * text from Pages (Markdown rendered on the server, placeholders filled), and the date it last changed.
 */
export function LegalPage({
  title,
  sections = [],
  html,
  updatedOn,
}: {
  title: string;
  sections?: readonly LegalSection[];
  html: string;
  /** YYYY-MM-DD. */
  updatedOn: string;
}) {
  return (
    <main id="contenu" className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-4xl font-bold tracking-tight">{title}</h1>
      <p className="mt-2 text-sm text-muted-foreground">
        Dernière mise à jour{"\u00a0"}: {formatDate(updatedOn)}
      </p>
      {sections.map((section) => (
        <section key={section.title} className="mt-8">
          <h2 className="text-xl font-semibold">{section.title}</h2>
          {section.paragraphs.map((p) => (
            <p key={p} className="mt-2 text-muted-foreground">
              {p}
            </p>
          ))}
        </section>
      ))}
      <div
        className="prose-legal mt-8 text-muted-foreground"
        // Safe: markdown-it with html: false escapes raw HTML, placeholder values are escaped (features/pages).
        // biome-ignore lint/security/noDangerouslySetInnerHtml: see the comment above.
        dangerouslySetInnerHTML={{ __html: html }}
      />
      <section className="mt-8">
        <h2 className="text-xl font-semibold">Réclamations</h2>
        <p className="mt-2 text-muted-foreground">
          Une formation ou un service du centre ne vous a pas donné satisfaction ? Stagiaire, entreprise ou
          financeur,{" "}
          <Link to="/reclamation" className="text-primary underline">
            faites une réclamation
          </Link>
          {" : elle"} reçoit une référence et une réponse écrite.
        </p>
      </section>
    </main>
  );
}
