// The BPF screen's tables: a section's lines (each count links to its learners), the list of one line's
// learners, and section E's trainers. The products (section C) are billing's, drawn by the route.
import { Download } from "lucide-react";
import { Link } from "react-router";
import { ADMIN_ONLY, DeniedControl, useCan } from "~/features/accounts";
import { formatDateRange } from "~/features/catalogue";
import { plural } from "~/platform/plural";
import { buttonClass } from "~/ui/button";
import { Card, CardContent, CardHeader } from "~/ui/card";
import { Table, TBody, Td, THead, Th, Tr } from "~/ui/table";
import {
  type BpfLearner,
  type BpfSection,
  F1_LABELS,
  F3_LABELS,
  f4Label,
  hoursOf,
  TO_COMPLETE,
} from "../bpf";
import type { BpfReport } from "../bpf.server";

/** A count's link: the year and the line, whose list shows under the tables. */
export const linkTo = (year: number, line: string) =>
  `?annee=${year}&ligne=${encodeURIComponent(line)}#liste`;

export function SectionTable({ section, year }: { section: BpfSection; year: number }) {
  return (
    <Card data-testid={`bpf-${section.id}`}>
      <CardHeader className="pb-2 sm:pb-2">
        <h2 className="font-semibold">{section.title}</h2>
      </CardHeader>
      <CardContent>
        <Table>
          <THead>
            <Tr>
              <Th>Ligne</Th>
              <Th className="text-right">Stagiaires</Th>
              <Th className="text-right">Heures-stagiaires</Th>
            </Tr>
          </THead>
          <TBody>
            {section.lines.map((line) => (
              <Tr key={line.id} data-testid="bpf-line" data-line={line.id}>
                <Td className={line.sub ? "pl-6 @xl:pl-8" : "font-medium"}>
                  {line.label}
                  {TO_COMPLETE.has(line.id) ? <span className="sr-only"> (à compléter)</span> : null}
                </Td>
                <Td className="text-right tabular-nums">
                  {line.learners > 0 ? (
                    <Link
                      to={linkTo(year, line.id)}
                      preventScrollReset
                      className="text-primary underline-offset-4 hover:underline"
                      aria-label={`${plural(line.learners, "stagiaire")} : ${line.label}, voir la liste`}
                    >
                      {line.learners}
                    </Link>
                  ) : (
                    "0"
                  )}
                </Td>
                <Td className="text-right tabular-nums">{hoursOf(line.minutes)}</Td>
              </Tr>
            ))}
            <Tr data-testid="bpf-total">
              <Td className="font-semibold">Total</Td>
              <Td className="text-right font-semibold tabular-nums">
                {section.total.learners > 0 ? (
                  <Link
                    to={linkTo(year, "all")}
                    preventScrollReset
                    className="text-primary underline-offset-4 hover:underline"
                    aria-label={`Total ${section.title.split(" – ")[0]} : ${plural(section.total.learners, "stagiaire")}, voir la liste`}
                  >
                    {section.total.learners}
                  </Link>
                ) : (
                  "0"
                )}
              </Td>
              <Td className="text-right font-semibold tabular-nums">{hoursOf(section.total.minutes)}</Td>
            </Tr>
          </TBody>
        </Table>
      </CardContent>
    </Card>
  );
}

const nameOf = (l: BpfLearner) =>
  l.anonymised ? "Stagiaire anonymisé·e" : `${l.firstName ?? ""} ${l.lastName ?? ""}`.trim();

export function LearnerList({
  year,
  list,
}: {
  year: number;
  list: { line: string; label: string; learners: BpfLearner[] };
}) {
  const canExport = useCan("learners:export");
  const csv = `/admin/statistiques/bpf/stagiaires.csv?annee=${year}&ligne=${encodeURIComponent(list.line)}`;
  return (
    <section id="liste" aria-labelledby="liste-titre" className="mb-6 scroll-mt-4" data-testid="bpf-list">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id="liste-titre" className="text-lg font-semibold">
          {list.label} : {plural(list.learners.length, "stagiaire")} en {year}
        </h2>
        {canExport ? (
          <a href={csv} className={buttonClass("outline")} download>
            <Download aria-hidden="true" className="h-4 w-4" /> Télécharger la liste (CSV)
          </a>
        ) : (
          <DeniedControl reason={ADMIN_ONLY} className={buttonClass("outline")}>
            <Download aria-hidden="true" className="h-4 w-4" /> Télécharger la liste (CSV)
          </DeniedControl>
        )}
      </div>
      <Table>
        <THead>
          <Tr>
            <Th>Stagiaire</Th>
            <Th>Formation et session</Th>
            <Th>Type, objectif, spécialité</Th>
            <Th className="text-right">Heures</Th>
          </Tr>
        </THead>
        <TBody>
          {list.learners.map((l) => (
            <Tr key={l.id} data-testid="bpf-learner">
              <Td>
                <p className="font-medium">{nameOf(l)}</p>
                {l.email ? (
                  <p className="text-xs text-muted-foreground [overflow-wrap:anywhere]">{l.email}</p>
                ) : null}
              </Td>
              <Td>
                <p>{l.formationTitle}</p>
                <p className="text-xs text-muted-foreground">{formatDateRange(l.startDate, l.endDate)}</p>
              </Td>
              <Td className="text-xs">
                <p>{F1_LABELS[l.f1]}</p>
                <p>{F3_LABELS[l.f3]}</p>
                <p>{f4Label(l.nsf ?? "unknown")}</p>
              </Td>
              <Td className="text-right tabular-nums">{hoursOf(l.minutes)}</Td>
            </Tr>
          ))}
        </TBody>
      </Table>
    </section>
  );
}

export function Trainers({ trainers }: { trainers: BpfReport["trainers"] }) {
  return (
    <Card data-testid="bpf-e">
      <CardHeader className="pb-2 sm:pb-2">
        <h2 className="font-semibold">E – Personnes dispensant des heures de formation</h2>
        <p className="text-sm text-muted-foreground">
          D'après le planning : les formateur·rices nommé·es sur les créneaux de l'année et leurs heures.
        </p>
      </CardHeader>
      <CardContent>
        <p className="mb-3 text-sm" data-testid="bpf-trainers">
          {plural(trainers.people.length, "formateur·rice")}, {hoursOf(trainers.minutes)} h de formation
          {trainers.unnamedMinutes > 0
            ? ` ; ${hoursOf(trainers.unnamedMinutes)} h de créneaux sans formateur·rice nommé·e`
            : ""}
        </p>
        {trainers.people.length ? (
          <Table>
            <THead>
              <Tr>
                <Th>Formateur·rice</Th>
                <Th className="text-right">Heures</Th>
              </Tr>
            </THead>
            <TBody>
              {trainers.people.map((p) => (
                <Tr key={p.name}>
                  <Td>{p.name}</Td>
                  <Td className="text-right tabular-nums">{hoursOf(p.minutes)}</Td>
                </Tr>
              ))}
            </TBody>
          </Table>
        ) : null}
      </CardContent>
    </Card>
  );
}
