import { ArrowRight, Building2, GraduationCap, Presentation } from "lucide-react";
import { Link } from "react-router";
import { formatDateRange } from "~/features/catalogue";
import { LEARNER_STATUS_LABELS } from "~/features/learners";
import { companySpaceHref, LearnerApplications, learnerSpaceHref, trainerSpaceHref } from "~/features/spaces";
import { applicationsOf, requireSpaceMember, spaceHome } from "~/features/spaces/index.server";
import { pageTitle } from "~/platform/seo";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageTitle(matches, "Mon espace"),
  { name: "robots", content: "noindex" },
];

export async function loader(args: Route.LoaderArgs) {
  const { user, memberships } = await requireSpaceMember(args);
  const { db } = args.context.app;
  const home = await spaceHome(db, memberships);
  // A learner's applications: the one they were admitted from, and those sent from their proved address.
  const applications = await applicationsOf(db, user.id, memberships);
  return { firstName: user.firstName ?? user.name, ...home, applications };
}

export default function SpaceHomePage({ loaderData }: Route.ComponentProps) {
  const { firstName, learnerFiles, payers, trainers, applications } = loaderData;
  return (
    <main id="contenu" className="space-y-8">
      <h1 className="text-2xl font-semibold">Bonjour {firstName}</h1>
      {learnerFiles.length ? (
        <section aria-labelledby="mes-formations" className="space-y-3">
          <h2 id="mes-formations" className="flex items-center gap-2 text-lg font-semibold">
            <GraduationCap aria-hidden="true" className="h-5 w-5" /> Mes formations
          </h2>
          <ul className="space-y-3">
            {learnerFiles.map((file) => (
              <li
                key={file.learnerId}
                className="rounded-xl border border-border p-4"
                data-testid="learner-file"
              >
                <p className="font-medium">{file.formationTitle}</p>
                <p className="text-sm text-muted-foreground">
                  {formatDateRange(file.startDate, file.endDate)} · {LEARNER_STATUS_LABELS[file.status]}
                </p>
                <Link
                  to={learnerSpaceHref(file.learnerId)}
                  className="mt-2 inline-flex items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline"
                >
                  Voir mon dossier <ArrowRight aria-hidden="true" className="h-4 w-4" />
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <LearnerApplications applications={applications} />
      {trainers.length ? (
        <section aria-labelledby="mes-interventions" className="space-y-3">
          <h2 id="mes-interventions" className="flex items-center gap-2 text-lg font-semibold">
            <Presentation aria-hidden="true" className="h-5 w-5" /> Mes interventions
          </h2>
          <ul className="space-y-3">
            {trainers.map((trainer) => (
              <li
                key={trainer.trainerId}
                className="rounded-xl border border-border p-4"
                data-testid="trainer-file"
              >
                <p className="font-medium">{trainer.name}</p>
                <p className="text-sm text-muted-foreground">
                  Vos sessions, vos créneaux et leur émargement, vos documents.
                </p>
                <Link
                  to={trainerSpaceHref(trainer.trainerId)}
                  className="mt-2 inline-flex items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline"
                >
                  Voir mon espace formateur·rice <ArrowRight aria-hidden="true" className="h-4 w-4" />
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {payers.length ? (
        <section aria-labelledby="mes-entreprises" className="space-y-3">
          <h2 id="mes-entreprises" className="flex items-center gap-2 text-lg font-semibold">
            <Building2 aria-hidden="true" className="h-5 w-5" /> Mon entreprise
          </h2>
          <ul className="space-y-3">
            {payers.map((payer) => (
              <li
                key={payer.payerId}
                className="rounded-xl border border-border p-4"
                data-testid="payer-file"
              >
                <h3 className="font-medium [overflow-wrap:anywhere]">{payer.name}</h3>
                <p className="text-sm text-muted-foreground">
                  Vos salarié·es en formation, les conventions à signer, vos devis et vos factures.
                </p>
                <Link
                  to={companySpaceHref(payer.payerId)}
                  className="mt-2 inline-flex items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline"
                  aria-label={`Voir l'espace de l'entreprise ${payer.name}`}
                >
                  Voir l'espace de l'entreprise <ArrowRight aria-hidden="true" className="h-4 w-4" />
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </main>
  );
}
