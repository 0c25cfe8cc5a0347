import { AlertTriangle } from "lucide-react";

/** The console's warning when the certificate's validity has passed (also on the dashboard). */
export function QualiopiWarning({ message }: { message: string }) {
  return (
    <div
      role="alert"
      className="mb-6 flex items-start gap-3 rounded-md border border-amber-300 bg-amber-50 p-4 text-amber-900"
    >
      <AlertTriangle aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
      <p>{message}</p>
    </div>
  );
}
