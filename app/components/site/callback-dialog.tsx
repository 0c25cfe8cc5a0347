import { CheckCircle2 } from "lucide-react";
import { type FormEvent, type RefObject, useId, useState } from "react";
import { showToast } from "~/components/toast/toast-area";
import { Button } from "~/components/ui/button";
import { Dialog, DialogClose, DialogContent } from "~/components/ui/dialog";
import { Field, Input, Select } from "~/components/ui/input";
import { CONTACT_MESSAGES, HONEYPOT_FIELD, LIMITS } from "~/content/contact";
import { textFields } from "~/lib/form-data";
import { readFormResult } from "~/lib/form-result";
// Types only: zod stays on the server, the dialog shows the server's messages.
import type { FormResult } from "~/lib/schemas/contact";
import { useRootData } from "~/lib/use-root-data";

// Loaded on demand by CallbackButton (first hover, focus or click), so that the pages carrying the
// button do not pay for the dialog's code up front.

async function postCallback(form: HTMLFormElement): Promise<FormResult> {
  try {
    const response = await fetch(form.action, {
      method: "POST",
      headers: { Accept: "application/json" },
      // URL-encoded like a plain form post.
      body: new URLSearchParams(textFields(new FormData(form))),
    });
    const result = readFormResult(await response.json());
    if (result) return result;
    return { ok: false, toast: CONTACT_MESSAGES.failure };
  } catch {
    return { ok: false, toast: CONTACT_MESSAGES.failure };
  }
}

function CallbackForm({
  source,
  formation,
  onDone,
}: {
  source: string;
  formation: string | undefined;
  onDone: () => void;
}) {
  const id = useId();
  const [pending, setPending] = useState(false);
  const [result, setResult] = useState<FormResult | undefined>();
  const errors = result?.errors ?? {};
  // The active formations every public page already carries (the footer's list), by slug.
  const courses = useRootData()?.formations ?? [];
  const needle = formation?.toLowerCase();
  const prefill = courses.find((f) => f.slug === needle || f.title.toLowerCase() === needle)?.slug ?? "";

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setPending(true);
    const outcome = await postCallback(event.currentTarget);
    setPending(false);
    setResult(outcome);
    if (outcome.ok) {
      showToast(CONTACT_MESSAGES.callbackSuccess);
      onDone();
    } else if (!outcome.errors && outcome.toast) {
      showToast(outcome.toast);
    }
  }

  const field = (name: string, label: string, required: boolean, props: React.ComponentProps<"input">) => (
    <Field id={`${id}-${name}`} label={label} required={required} error={errors[name]}>
      <Input
        id={`${id}-${name}`}
        name={name}
        aria-required={required || undefined}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${id}-${name}-error` : undefined}
        {...props}
      />
    </Field>
  );

  return (
    <form method="post" action="/api/rappel" noValidate onSubmit={submit} className="space-y-4">
      <input type="hidden" name="source" value={source} />
      {result && !result.ok && !result.errors && result.toast ? (
        <p role="alert" className="rounded-md border border-destructive bg-destructive/10 p-3 text-sm">
          {result.toast.description}
        </p>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        {field("firstName", "Prénom", true, { autoComplete: "given-name", maxLength: LIMITS.name })}
        {field("lastName", "Nom", true, { autoComplete: "family-name", maxLength: LIMITS.name })}
      </div>
      {field("phone", "Téléphone", true, {
        type: "tel",
        autoComplete: "tel",
        maxLength: LIMITS.phone,
        placeholder: "06 12 34 56 78",
      })}
      {field("email", "Email (facultatif, pour recevoir une confirmation)", false, {
        type: "email",
        autoComplete: "email",
        maxLength: LIMITS.email,
      })}
      <Field
        id={`${id}-formation`}
        label="Formation qui vous intéresse (facultatif)"
        error={errors.formation}
      >
        <Select id={`${id}-formation`} name="formation" defaultValue={prefill}>
          <option value="">Je ne sais pas encore</option>
          {courses.map((f) => (
            <option key={f.slug} value={f.slug}>
              {f.title}
            </option>
          ))}
        </Select>
      </Field>
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label htmlFor={`${id}-website`}>Ne pas remplir ce champ</label>
        <input id={`${id}-website`} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" />
      </div>
      <p className="text-xs text-muted-foreground">
        Les champs marqués d'un astérisque (*) sont obligatoires.
      </p>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button variant="outline">Annuler</Button>
        </DialogClose>
        <Button type="submit" disabled={pending}>
          {pending ? "Envoi en cours..." : "Demander un rappel"}
        </Button>
      </div>
    </form>
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
          done
            ? undefined
            : "Laissez-nous vos coordonnées : un conseiller vous rappelle dans les 24 heures ouvrées."
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
          <CallbackForm source={source} formation={formation} onDone={() => setDone(true)} />
        )}
      </DialogContent>
    </Dialog>
  );
}
