import { Link } from "react-router";
import { LEGAL_UPDATED, type LegalSection } from "~/features/pages/legal";

/** The common layout of the three legal pages. */
export function LegalPage({ title, sections }: { title: string; sections: readonly LegalSection[] }) {
  return (
    <main id="contenu" className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-4xl font-bold tracking-tight">{title}</h1>
      <p className="mt-2 text-sm text-muted-foreground">{LEGAL_UPDATED}</p>
      {sections.map((section) => (
        <section key={section.title} className="mt-8">
          <h2 className="text-xl font-semibold">{section.title}</h2>
          {section.paragraphs.map((p) => (
            <p key={p} className="mt-2 text-muted-foreground">
              {p}
            </p>
          ))}
          {section.items && (
            <ul className="mt-2 list-disc pl-6 text-muted-foreground">
              {section.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          )}
        </section>
      ))}
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
