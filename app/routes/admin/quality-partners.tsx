import { requirePermission } from "~/features/accounts/index.server";
import { PARTNER_KIND_LABELS, PARTNER_REGISTER, RegisterDialog, RegisterScreen } from "~/features/quality";
import type { DisabilityPartner } from "~/features/quality/index.server";
import { loadRegister, partnerAction, partnerRegister } from "~/features/quality/index.server";
import { shownFrom } from "~/ui/console/list-table";
import { Td } from "~/ui/table";
import type { Route } from "./+types/quality-partners";

export const meta: Route.MetaFunction = () => [
  { title: "Partenaires handicap | Qualiopi | Console d'administration" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission({ request, context }, "quality:read");
  const { rows, loadError } = await loadRegister(context.app, "partenaires handicap", partnerRegister);
  return { partners: rows, loadError };
}

export const action = partnerAction;

export default function QualityPartners({ loaderData }: Route.ComponentProps) {
  const { partners, loadError } = loaderData;
  return (
    <RegisterScreen<DisabilityPartner>
      title="Partenaires handicap"
      description="L'annuaire des partenaires pour l'accueil des personnes en situation de handicap (indicateur 26)."
      addLabel="Ajouter un partenaire"
      deleteQuestion={"Supprimer ce partenaire\u00a0?"}
      columns={["Nom", "Type", { label: "Contact", from: "md" }, { label: "Pour quoi", from: "lg" }]}
      rows={partners}
      empty="Aucun partenaire handicap"
      live={["disability_partners"]}
      loadError={loadError}
      subject={(p) => p.name}
      cells={(p) => (
        <>
          <Td className="font-medium">{p.name}</Td>
          <Td>{PARTNER_KIND_LABELS[p.kind]}</Td>
          <Td className={`whitespace-pre-line ${shownFrom("md")}`}>{p.contact || "—"}</Td>
          <Td className={`whitespace-pre-line ${shownFrom("lg")}`}>{p.purpose || "—"}</Td>
        </>
      )}
      dialog={(row, close) => (
        <RegisterDialog
          register={PARTNER_REGISTER}
          row={row}
          defaults={{ kind: "agefiph" }}
          title={row ? "Modifier le partenaire" : "Nouveau partenaire"}
          description="Qui, comment le joindre, et pour quoi le centre fait appel à lui."
          onDone={close}
        />
      )}
    />
  );
}
