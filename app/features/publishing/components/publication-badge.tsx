import { formatDateTime } from "~/platform/paris-time";
import { Badge } from "~/ui/badge";
import { PUBLICATION_STATE_LABELS, publicationState } from "../schedule";

const VARIANTS = {
  published: "success",
  scheduled: "outline",
  draft: "secondary",
  pending: "default",
} as const;

/** 'Publié', 'Brouillon', or 'Programmé' with its date, and 'Dépublié le …' when one is set. */
export function PublicationBadge({
  row,
}: {
  row: {
    published: boolean;
    publishAt: Date | string | null;
    unpublishAt: Date | string | null;
    hasDraft?: boolean;
  };
}) {
  const state = publicationState(row);
  return (
    <div className="space-y-1">
      <Badge variant={VARIANTS[state]}>{PUBLICATION_STATE_LABELS[state]}</Badge>
      {row.publishAt ? (
        <p className="text-xs text-muted-foreground">le {formatDateTime(row.publishAt)}</p>
      ) : null}
      {row.unpublishAt ? (
        <p className="text-xs text-muted-foreground">dépublié le {formatDateTime(row.unpublishAt)}</p>
      ) : null}
    </div>
  );
}
