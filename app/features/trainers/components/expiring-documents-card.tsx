import { FileWarning } from "lucide-react";
import { Link } from "react-router";
import type { ExpiringDocument } from "~/features/trainers/expiry.server";
import { TRAINER_DOCUMENT_KIND_LABELS } from "~/features/trainers/vocabulary";
import { formatDate } from "~/platform/dates";
import { Card, CardContent, CardHeader } from "~/ui/card";

/** The dashboard's 'Documents de formateurs à renouveler': expired or expiring within a month, soonest first. */
export function ExpiringDocumentsCard({
  documents,
  today,
}: {
  documents: ExpiringDocument[];
  today: string;
}) {
  if (!documents.length) return null;
  return (
    <Card className="mt-4" data-testid="dashboard-trainer-documents">
      <CardHeader className="flex-row items-center justify-between pb-2 sm:pb-2">
        <h2 className="text-sm font-medium">Documents de formateurs à renouveler</h2>
        <FileWarning aria-hidden="true" className="h-4 w-4 text-muted-foreground" />
      </CardHeader>
      <CardContent>
        <ul className="grid gap-2 text-sm">
          {documents.map((d) => (
            <li key={d.id}>
              <Link
                to={`/admin/formateurs/${d.trainerId}`}
                className="font-medium text-primary underline-offset-4 hover:underline"
              >
                {d.trainer}
              </Link>
              {" – "}
              {TRAINER_DOCUMENT_KIND_LABELS[d.kind]}
              {"\u00a0: "}
              {d.label}
              {", "}
              <span className={d.expiresOn < today ? "font-medium text-destructive" : undefined}>
                {d.expiresOn < today ? "expiré le" : "expire le"} {formatDate(`${d.expiresOn}T12:00:00Z`)}
              </span>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
