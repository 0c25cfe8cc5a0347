import { ExternalLink } from "lucide-react";
import type { ReactNode } from "react";
import type { CertificationInfo, RecordRow } from "~/features/catalogue/course-record";
import { IconList } from "~/ui/icon-list";

/** One titled block of the course page. */
export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-border bg-background p-6">
      <h2 id={id} className="text-2xl font-bold">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

function Rows({ rows, children }: { rows: RecordRow[]; children?: ReactNode }) {
  return (
    <dl className="grid gap-4">
      {rows.map((row) => (
        <div key={row.label}>
          <dt className="font-semibold">{row.label}</dt>
          <dd className="whitespace-pre-line text-muted-foreground">{row.value}</dd>
        </div>
      ))}
      {children}
    </dl>
  );
}

/**
 * Access, prices, contact, methods, assessment, accessibility (then `children`: more items of the
 * same list): the rows the loader made (course-record.ts's practicalRows, the programme PDF's too).
 * The results have their own section (features/indicators).
 */
export function PracticalSection({ rows, children }: { rows: RecordRow[]; children?: ReactNode }) {
  return (
    <Section id="infos-pratiques" title="Informations pratiques">
      <Rows rows={rows}>{children}</Rows>
    </Section>
  );
}

/**
 * The certification a certifying course prepares (`info`, made by the loader with course-record.ts's
 * certificationInfo): code with a link to its public record on France Compétences, certifier,
 * registration date, skill blocks, equivalences and further paths. A course that leads to no
 * registered certification shows what it awards (`certification`), if anything.
 */
export function CertificationSection({
  info,
  certification,
}: {
  info: CertificationInfo | null;
  certification: string | null;
}) {
  if (!info) {
    return certification ? (
      <Section id="certification" title="Certification">
        <p className="text-muted-foreground">{certification}</p>
      </Section>
    ) : null;
  }
  return (
    <Section id="certification" title="Certification">
      {info.url && info.codeText ? (
        <p className="mb-4">
          <a
            href={info.url}
            className="inline-flex items-center gap-1 font-medium text-primary underline"
            rel="noopener noreferrer"
            target="_blank"
          >
            Fiche {info.codeText} sur France Compétences
            <ExternalLink aria-hidden="true" className="h-4 w-4" />
            <span className="sr-only">(nouvel onglet)</span>
          </a>
        </p>
      ) : null}
      <Rows rows={info.rows} />
      {info.skillBlocks.length > 0 && (
        <>
          <h3 className="mt-4 font-semibold">Blocs de compétences</h3>
          <IconList className="mt-2 text-muted-foreground" items={info.skillBlocks} />
        </>
      )}
      {info.pathRows.length > 0 && (
        <div className="mt-4">
          <Rows rows={info.pathRows} />
        </div>
      )}
    </Section>
  );
}
