import { Building2, GraduationCap, Presentation } from "lucide-react";
import { formatDateRange } from "~/features/catalogue";
import { LEARNER_STATUS_LABELS } from "~/features/learners";
import {
  companySpaceHref,
  LearnerApplications,
  learnerSpaceHref,
  RoleSection,
  trainerSpaceHref,
} from "~/features/spaces";
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
      <RoleSection
        id="mes-formations"
        icon={GraduationCap}
        title="Mes formations"
        testId="learner-file"
        cards={learnerFiles.map((file) => ({
          key: file.learnerId,
          title: file.formationTitle,
          detail: `${formatDateRange(file.startDate, file.endDate)} · ${LEARNER_STATUS_LABELS[file.status]}`,
          href: learnerSpaceHref(file.learnerId),
          linkText: "Voir mon dossier",
        }))}
      />
      <LearnerApplications applications={applications} />
      <RoleSection
        id="mes-interventions"
        icon={Presentation}
        title="Mes interventions"
        testId="trainer-file"
        cards={trainers.map((trainer) => ({
          key: trainer.trainerId,
          title: trainer.name,
          detail: "Vos sessions, vos créneaux et leur émargement, vos documents.",
          href: trainerSpaceHref(trainer.trainerId),
          linkText: "Voir mon espace formateur·rice",
        }))}
      />
      <RoleSection
        id="mes-entreprises"
        icon={Building2}
        title="Mon entreprise"
        testId="payer-file"
        cards={payers.map((payer) => ({
          key: payer.payerId,
          title: payer.name,
          detail: "Vos salarié·es en formation, les conventions à signer, vos devis et vos factures.",
          href: companySpaceHref(payer.payerId),
          linkText: "Voir l'espace de l'entreprise",
          linkLabel: `Voir l'espace de l'entreprise ${payer.name}`,
        }))}
      />
    </main>
  );
}
