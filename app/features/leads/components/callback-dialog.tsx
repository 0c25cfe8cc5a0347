import { CheckCircle2 } from "lucide-react";
import { type RefObject, useEffect, useId, useState } from "react";
import { useFetcher } from "react-router";
import { callbackSchema, type FormResult } from "~/features/leads/contact-schema";
import { CONTACT_MESSAGES } from "~/features/leads/content";
import { useFormValidation } from "~/platform/use-form-validation";
import { Button } from "~/ui/button";
import { Dialog, DialogClose, DialogContent } from "~/ui/dialog";
import { Fields } from "~/ui/field";
import { showToast } from "~/ui/toast/toast-area";
import { useRootData } from "~/use-root-data";
import { Honeypot } from "./honeypot";
import { PERSON_FIELDS } from "./person-fields";

// Loaded on demand by CallbackButton (first hover, focus or click), so that the pages carrying the
// button do not pay for the dialog's code up front. It posts through the router's fetcher to
// /api/rappel, whose clientAction reads the JSON answer with its schema.

function CallbackForm({
  source,
  formation,
  onDone,
}: {
  source: string;
  formation: string | undefined;
  /** A stable setter (React's), so the effect below runs once per answer. */
  onDone: (done: true) => void;
}) {
  const id = useId();
  const fetcher = useFetcher<FormResult>();
  const result = fetcher.data;
  const { errors, formProps } = useFormValidation(callbackSchema, { server: result?.errors });
  // The active formations every public page already carries (the footer's list), by slug.
  const courses = useRootData()?.formations ?? [];
  const needle = formation?.toLowerCase();
  const prefill = courses.find((f) => f.slug === needle || f.title.toLowerCase() === needle)?.slug ?? "";

  useEffect(() => {
    if (result?.ok) {
      showToast(CONTACT_MESSAGES.callbackSuccess);
      onDone(true);
    } else if (result && !result.errors && result.toast) {
      showToast(result.toast);
    }
  }, [result, onDone]);

  const common = { form: id, errors };
  return (
    <fetcher.Form method="post" action="/api/rappel" className="space-y-4" {...formProps}>
      <input type="hidden" name="source" value={source} />
      {result && !result.ok && !result.errors && result.toast ? (
        <p role="alert" className="rounded-md border border-destructive bg-destructive/10 p-3 text-sm">
          {result.toast.description}
        </p>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <Fields {...common} fields={[PERSON_FIELDS.firstName, PERSON_FIELDS.lastName]} />
      </div>
      <Fields
        {...common}
        fields={[
          { ...PERSON_FIELDS.phone, placeholder: "06 12 34 56 78" },
          {
            ...PERSON_FIELDS.email,
            label: "E-mail (facultatif, pour recevoir une confirmation)",
            required: false,
          },
          {
            as: "select",
            name: "formation",
            label: "Formation qui vous intéresse (facultatif)",
            defaultValue: prefill,
            options: [
              { value: "", label: "Je ne sais pas encore" },
              ...courses.map((f) => ({ value: f.slug, label: f.title })),
            ],
          },
        ]}
      />
      <Honeypot form={id} />
      <p className="text-xs text-muted-foreground">
        Les champs marqués d'un astérisque (*) sont obligatoires.
      </p>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button variant="outline">Annuler</Button>
        </DialogClose>
        <Button type="submit" disabled={fetcher.state !== "idle"}>
          {fetcher.state !== "idle" ? "Envoi en cours..." : "Demander un rappel"}
        </Button>
      </div>
    </fetcher.Form>
  );
}

export default function CallbackDialog({
  open,
  onOpenChange,
  source,
  formation,
  returnFocus,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  source: string;
  formation: string | undefined;
  /** The button that opened the dialog: focus goes back to it on close. */
  returnFocus: RefObject<HTMLButtonElement | null>;
}) {
  const [done, setDone] = useState(false);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        onOpenChange(next);
        // Reopening after a request starts a fresh one.
        if (!next) setDone(false);
      }}
    >
      <DialogContent
        title={done ? "Demande envoyée" : "Être rappelé·e"}
        description={
          done ? undefined : "Laissez-nous vos coordonnées : un conseiller vous rappelle dès que possible."
        }
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocus.current?.focus();
        }}
      >
        {done ? (
          <div className="space-y-4 text-center" role="status">
            <CheckCircle2 aria-hidden="true" className="mx-auto h-12 w-12 text-success" />
            <p className="font-medium">{CONTACT_MESSAGES.callbackSuccess.title}</p>
            <p className="text-sm text-muted-foreground">{CONTACT_MESSAGES.callbackSuccess.description}</p>
            <DialogClose asChild>
              <Button>Fermer</Button>
            </DialogClose>
          </div>
        ) : (
          <CallbackForm source={source} formation={formation} onDone={setDone} />
        )}
      </DialogContent>
    </Dialog>
  );
}
