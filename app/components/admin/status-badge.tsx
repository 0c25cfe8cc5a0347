import { Badge } from "~/components/ui/badge";
import { type ContactStatusValue, STATUS_DISPLAY } from "~/lib/schemas/admin-contact";

export function StatusBadge({ status }: { status: ContactStatusValue }) {
  const { label, variant } = STATUS_DISPLAY[status];
  return <Badge variant={variant}>{label}</Badge>;
}
