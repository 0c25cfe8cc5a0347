import type { ReactNode } from "react";

/** One fact of a record's page (a réclamation, a formateur·rice): its label above, its value kept as typed. */
export function RecordItem({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="whitespace-pre-wrap break-words">{children}</dd>
    </div>
  );
}
