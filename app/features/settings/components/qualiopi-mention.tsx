import { CERTIFICATE_PATH, type PublicCentre, qualiopiCategoryLine } from "~/features/settings/centre";
import { formatDate } from "~/platform/dates";

/**
 * The Qualiopi mention: certifier, validity, the category line and a link to the certificate.
 * Shown in the footer and on 'Notre centre' while the certificate is valid, never on course pages.
 */
export function QualiopiMention({
  centre,
  className,
  linkClassName,
}: {
  centre: PublicCentre;
  className?: string;
  linkClassName?: string;
}) {
  const sentence = [
    "Certifié Qualiopi",
    centre.qualiopiCertifier ? ` par ${centre.qualiopiCertifier}` : "",
    centre.qualiopiValidUntil ? `, valide jusqu'au ${formatDate(centre.qualiopiValidUntil)}` : "",
    ". ",
    qualiopiCategoryLine(centre.qualiopiCategories),
    " ",
  ].join("");
  return (
    <p className={className}>
      {sentence}
      <a className={linkClassName} href={CERTIFICATE_PATH} download>
        Télécharger le certificat Qualiopi (PDF)
      </a>
    </p>
  );
}
