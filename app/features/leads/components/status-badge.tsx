import { CONTACT_STATUS_LABELS, type ContactStatus } from "~/features/leads/statuses";
import { Badge, type BadgeVariant } from "~/ui/badge";

/** New requests stand out; handled ones fade. */
const VARIANTS: Record<ContactStatus, BadgeVariant> = {
  new: "destructive",
  contacted: "secondary",
  converted: "default",
  closed: "outline",
};

export function StatusBadge({ status }: { status: ContactStatus }) {
  return <Badge variant={VARIANTS[status]}>{CONTACT_STATUS_LABELS[status]}</Badge>;
}
