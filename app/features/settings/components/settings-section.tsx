// A titled card of fields, as each part of the Paramètres form is; FORM is that form's id.
import type { ReactNode } from "react";
import { Card, CardContent, CardHeader, CardTitle } from "~/ui/card";

export const FORM = "settings";

export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle id={`${FORM}-${id}`} className="text-lg">
          {title}
        </CardTitle>
      </CardHeader>
      <CardContent>
        <section aria-labelledby={`${FORM}-${id}`} className="grid gap-4 sm:grid-cols-2">
          {children}
        </section>
      </CardContent>
    </Card>
  );
}
