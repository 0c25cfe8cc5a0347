import { CheckCircle2 } from "lucide-react";
import type { ReactNode } from "react";
import { formatClock } from "~/platform/paris-time";

/** The learner's page when it cannot sign: a heading and why, centred. */
export function SigningUnavailable({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main id="contenu" className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center">
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="text-muted-foreground">{children}</p>
    </main>
  );
}

/** Said once a signature is kept, or found already kept. */
export function SignedNotice({ at, already }: { at: Date | string; already: boolean }) {
  return (
    <div role="status" className="mt-6 rounded-lg border border-primary/30 bg-primary/5 p-4">
      <p className="flex items-center gap-2 font-semibold">
        <CheckCircle2 aria-hidden="true" className="h-5 w-5 shrink-0 text-primary" />
        {already ? "Vous avez déjà signé pour ce créneau" : "Merci, votre signature est enregistrée"}
      </p>
      <p className="mt-1 text-sm">Signée à {formatClock(at)}. Elle ne peut plus être modifiée.</p>
    </div>
  );
}
