import { CheckCircle2 } from "lucide-react";
import { type ReactNode, useEffect, useRef } from "react";
import { Link } from "react-router";
import { Button } from "./button";

/**
 * The end of a public form: which fields are required, what the visitor's data serves (with the
 * privacy policy's link), and the submit button, which says it is sending while the post is under way.
 */
export function PublicFormEnd({
  purpose,
  submitting,
  submitLabel,
}: {
  /** What the data serves: 'répondre à votre demande'. */
  purpose: string;
  submitting: boolean;
  submitLabel: string;
}) {
  return (
    <>
      <p className="text-xs text-muted-foreground">
        Les champs marqués d'un astérisque (*) sont obligatoires. Vos données ne servent qu'à {purpose} (voir
        notre{" "}
        <Link to="/politique-confidentialite" className="underline">
          politique de confidentialité
        </Link>
        ).
      </p>
      <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={submitting}>
        {submitting ? "Envoi en cours..." : submitLabel}
      </Button>
    </>
  );
}

/**
 * What replaces a public form once it is sent: the outcome's heading, which takes the focus (screen
 * reader and keyboard users land on it instead of a vanished button), its text and where to go next.
 */
export function FormSent({
  testId,
  title,
  children,
  next,
}: {
  testId: string;
  title: string;
  children: ReactNode;
  next: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="py-8 text-center" data-testid={testId}>
      <CheckCircle2 aria-hidden="true" className="mx-auto mb-4 h-14 w-14 text-success" />
      <h2 ref={heading} tabIndex={-1} className="text-2xl font-semibold outline-none">
        {title}
      </h2>
      <p className="mx-auto mt-3 max-w-md text-muted-foreground">{children}</p>
      {next}
    </div>
  );
}
