import { Link } from "react-router";
import { formationKindsLabel, formationKindsOf } from "~/features/pages/formation-kinds";
import { FOOTER_LEGAL, footerCentreLinks } from "~/features/pages/navigation";
import {
  activitySentence,
  fullAddress,
  legalIdentity,
  type PublicCentre,
  phoneHref,
  QualiopiMention,
  VAT_EXEMPT_NOTICE,
} from "~/features/settings";

function LinkList({ title, links }: { title: string; links: readonly { to: string; label: string }[] }) {
  return (
    <div>
      <h2 className="mb-3 text-sm font-semibold uppercase tracking-wide text-white">{title}</h2>
      <ul className="space-y-2">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className="text-sm text-slate-300 hover:text-white hover:underline">
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Links, contact details and the centre's legal identity. */
export function SiteFooter({
  centre,
  formations,
  pages,
}: {
  centre: PublicCentre;
  formations: readonly { slug: string; title: string; formationType: string }[];
  /** The published pages of the centre's own words (publishedPageIds). */
  pages: readonly string[];
}) {
  const kinds = formationKindsLabel(formationKindsOf(formations)).toLocaleLowerCase("fr");
  return (
    <footer className="bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="mb-3 text-lg font-semibold text-white">{centre.name}</p>
          <p className="text-sm">
            {/* Only the kinds of formation the catalogue holds; none said before the first one. */}
            Organisme de formation professionnelle pour adultes{kinds ? `\u202f: ${kinds}` : ""}.
          </p>
          <address className="mt-4 space-y-1 text-sm not-italic">
            <p>{fullAddress(centre)}</p>
            <p>
              <a className="hover:text-white hover:underline" href={`tel:${phoneHref(centre.phone)}`}>
                {centre.phone}
              </a>
            </p>
            <p>
              <a className="hover:text-white hover:underline" href={`mailto:${centre.email}`}>
                {centre.email}
              </a>
            </p>
          </address>
        </div>
        <LinkList
          title="Nos formations"
          links={formations.map((f) => ({ to: `/formation/${f.slug}`, label: f.title }))}
        />
        <LinkList title="Le centre" links={footerCentreLinks(pages)} />
        <LinkList title="Informations légales" links={FOOTER_LEGAL} />
      </div>
      <div className="border-t border-slate-700">
        <div className="mx-auto max-w-7xl space-y-2 px-4 py-4 text-xs text-slate-400">
          {/* Whom the centre invited (learners, companies' contacts): their personal space (/espace, spaces' SPACE_HOME), or its sign-in page; a plain link keeps the public pages' JavaScript as it was. */}
          <p>
            <a href="/espace" className="underline hover:text-white" data-testid="footer-space-link">
              Mon espace
            </a>
          </p>
          {centre.qualiopiShown ? (
            <QualiopiMention centre={centre} linkClassName="underline hover:text-white" />
          ) : null}
          <p>
            {[
              legalIdentity(centre),
              centre.siret ? `SIRET ${centre.siret}` : "",
              centre.rcs,
              activitySentence(centre),
              centre.vatExempt ? VAT_EXEMPT_NOTICE : "",
            ]
              .filter(Boolean)
              .join(" · ")}
          </p>
        </div>
      </div>
    </footer>
  );
}
