import { CheckCircle2 } from "lucide-react";
import { type FormEvent, useId, useState, useSyncExternalStore } from "react";
import { toast } from "sonner";
import { Button, ButtonLink, type ButtonSize, type ButtonVariant } from "~/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogTrigger } from "~/components/ui/dialog";
import { Field, Input, Select } from "~/components/ui/input";
import {
  CONTACT_MESSAGES,
  FORMATION_OPTIONS,
  formationFromParam,
  HONEYPOT_FIELD,
  LIMITS,
} from "~/content/contact";
// Types only: zod stays on the server, the dialog shows the server's messages.
import type { FormResult } from "~/lib/schemas/contact";

export interface CallbackButtonProps {
  /** Where the request comes from, stored as contact_requests.source (e.g. "callback_home_hero"). */
  source: string;
  /** The course title to prefill (on a course page). */
  formation?: string;
  label?: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
}

const noop = () => () => {};

/** False on the server and during hydration, true afterwards. */
function useHydrated(): boolean {
  return useSyncExternalStore(
    noop,
    () => true,
    () => false,
  );
}

/** The course list of the contact form, plus the page's own course when it is not one of them. */
function courseChoices(formation: string | undefined): string[] {
  const labels: string[] = FORMATION_OPTIONS.filter((f) => f.id !== "autre").map((f) => f.label);
  if (formation && !labels.includes(formation)) labels.unshift(formation);
  return labels;
}

async function postCallback(form: HTMLFormElement): Promise<FormResult> {
  try {
    const response = await fetch(form.action, {
      method: "POST",
      headers: { Accept: "application/json" },
      // The form has no file input, so every entry is a string: URL-encoded like a plain form post.
      body: new URLSearchParams(new FormData(form) as unknown as Record<string, string>),
    });
    return (await response.json()) as FormResult;
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
  const courses = courseChoices(formation);
  const prefill = formation
    ? (FORMATION_OPTIONS.find((f) => f.id === formationFromParam(formation))?.label ?? formation)
    : "";

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setPending(true);
    const outcome = await postCallback(event.currentTarget);
    setPending(false);
    setResult(outcome);
    if (outcome.ok) {
      toast.success(CONTACT_MESSAGES.callbackSuccess.title, {
        description: CONTACT_MESSAGES.callbackSuccess.description,
      });
      onDone();
    } else if (!outcome.errors && outcome.toast) {
      toast.error(outcome.toast.title, { description: outcome.toast.description });
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
          {courses.map((label) => (
            <option key={label} value={label}>
              {label}
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

/**
 * « Être rappelé·e » (DESIGN.md §4.3): a dialog asking name, phone and an optional course, stored as a
 * contact request with callback_requested. Before JavaScript runs (or without it) it is a link to
 * the contact form with the appointment subject, so the button is never dead.
 */
export function CallbackButton({
  source,
  formation,
  label = "Être rappelé·e",
  variant,
  size,
  className,
}: CallbackButtonProps) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState(false);
  const look = { ...(variant ? { variant } : {}), ...(size ? { size } : {}), className };

  if (!hydrated) {
    const course = formationFromParam(formation);
    return (
      <ButtonLink to={`/contact?sujet=rdv${course ? `&formation=${course}` : ""}#formulaire`} {...look}>
        {label}
      </ButtonLink>
    );
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        // Reopening after a request starts a fresh one.
        if (!next) setDone(false);
      }}
    >
      <DialogTrigger asChild>
        <Button {...look}>{label}</Button>
      </DialogTrigger>
      <DialogContent
        title={done ? "Demande envoyée" : "Être rappelé·e"}
        description={
          done
            ? undefined
            : "Laissez-nous vos coordonnées : un conseiller vous rappelle dans les 24 heures ouvrées."
        }
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
