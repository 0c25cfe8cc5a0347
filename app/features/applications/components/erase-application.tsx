import { Trash2 } from "lucide-react";
import { useState } from "react";
import { useActionData, useNavigation, useSubmit } from "react-router";
import { ADMIN_ONLY, DeniedControl, useCan } from "~/features/accounts";
import type { AdminActionResult } from "~/platform/form-schema";
import { ConfirmDialog } from "~/ui/alert-dialog";
import { Button, buttonClass } from "~/ui/button";
import { useToast } from "~/ui/toast/use-toast";

const LABEL = (
  <>
    <Trash2 aria-hidden="true" className="h-4 w-4 text-destructive" /> Effacer la candidature
  </>
);

/**
 * GDPR erasure of the application on screen, after a confirmation: administrators only, others see
 * the control disabled with the reason. Posted as a navigation, not a fetcher: the answer redirects to
 * the list, and this page's own live refresh (the application is gone) must not get in its way.
 */
export function EraseApplication({ id }: { id: string }) {
  const canErase = useCan("applications:erase");
  const [open, setOpen] = useState(false);
  const submit = useSubmit();
  const navigation = useNavigation();
  const failed = useActionData<AdminActionResult>();
  useToast(failed?.intent === "erase" ? failed.toast : undefined);
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "erase";
  if (!canErase) {
    return (
      <DeniedControl reason={ADMIN_ONLY} className={buttonClass("outline")}>
        {LABEL}
      </DeniedControl>
    );
  }
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        {LABEL}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Effacer définitivement cette candidature ?"
        description="Droit à l'effacement (RGPD) : la candidature, ses pièces jointes, son historique, ses notes et les e-mails qui la concernent seront supprimés. Cette action est irréversible."
        confirmLabel={busy ? "Suppression..." : "Effacer"}
        busy={busy}
        onConfirm={() => submit({ intent: "erase", id }, { method: "post" })}
      />
    </>
  );
}
