import { Download } from "lucide-react";
import { buttonClass } from "~/ui/button";
import { cn } from "~/ui/cn";
import { TextField } from "~/ui/console/form-fields";

const FORM = "complaints-register";

/**
 * Réclamations' 'Registre des réclamations (PDF)': the complaints received in a period (blank: this
 * year up to today), downloaded as the PDF a Qualiopi auditor reads. A plain GET form: the browser
 * saves the file, and the server says in French why a period is refused.
 */
export function RegisterDownload() {
  return (
    <form
      method="get"
      action="/admin/reclamations/registre.pdf"
      className="mb-6 flex flex-wrap items-start gap-3"
      aria-label="Registre des réclamations (PDF)"
    >
      <div className="w-44">
        <TextField form={FORM} name="du" label="Reçues du" type="date" />
      </div>
      <div className="w-44">
        <TextField form={FORM} name="au" label="Au" type="date" hint={"Sans dates\u00a0: l'année en cours"} />
      </div>
      <button type="submit" className={cn(buttonClass("outline"), "mt-8")}>
        <Download aria-hidden="true" className="h-4 w-4" /> Télécharger le registre (PDF)
      </button>
    </form>
  );
}
