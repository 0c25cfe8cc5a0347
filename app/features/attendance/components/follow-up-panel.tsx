import { alertText } from "~/features/attendance/absence-text";
import type { LearnerFollowUpPage } from "~/features/attendance/follow-ups.server";
import { FOLLOW_UP_KIND_LABELS, FOLLOW_UP_KINDS } from "~/features/attendance/vocabulary";
import { formatDay } from "~/features/catalogue";
import { formatDate } from "~/platform/dates";
import { Badge } from "~/ui/badge";
import { Button } from "~/ui/button";
import { Card, CardContent } from "~/ui/card";
import { SelectField, TextAreaField, TextField } from "~/ui/console/form-fields";
import { useAdminFetcher } from "~/ui/console/use-admin-fetcher";

const FORM = "follow-up";

/** The alerts Paramètres' thresholds raised for the learner, each open until a follow-up comes after it. */
export function AbsenceAlertList({ alerts }: { alerts: LearnerFollowUpPage["alerts"] }) {
  return (
    <Card>
      <CardContent className="space-y-3">
        <h2 className="text-lg font-semibold">Alertes d'absences</h2>
        {alerts.length === 0 ? (
          <p className="text-sm text-muted-foreground">Aucune alerte pour ce ou cette stagiaire.</p>
        ) : (
          <ul className="grid gap-2 text-sm" data-testid="absence-alerts">
            {alerts.map((a) => (
              <li key={a.id} className="flex flex-wrap items-center gap-2">
                <span>
                  {alertText(a.kind, a.observed)}, le {formatDate(a.createdAt)}
                </span>
                <Badge variant={a.open ? "outline" : "secondary"}>{a.open ? "À suivre" : "Suivie"}</Badge>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/** The follow-ups recorded, newest first, with who recorded them; the form to record one. */
export function FollowUps({
  learnerId,
  followUps,
  today,
  canWrite,
}: {
  learnerId: string;
  followUps: LearnerFollowUpPage["followUps"];
  today: string;
  canWrite: boolean;
}) {
  const fetcher = useAdminFetcher();
  const errors = fetcher.data?.ok === false ? fetcher.data.errors : undefined;
  return (
    <Card>
      <CardContent className="space-y-4">
        <h2 className="text-lg font-semibold">Suivi</h2>
        {followUps.length === 0 ? (
          <p className="text-sm text-muted-foreground">Aucun suivi noté.</p>
        ) : (
          <ul className="grid gap-3 text-sm" data-testid="follow-ups">
            {followUps.map((f) => (
              <li key={f.id}>
                <p>
                  <span className="font-medium">{FOLLOW_UP_KIND_LABELS[f.kind]}</span> le{" "}
                  {formatDay(f.happenedOn)}
                  <span className="text-muted-foreground">
                    {" "}
                    – noté par {f.recordedBy ?? "un compte supprimé"} le {formatDate(f.createdAt)}
                  </span>
                </p>
                {f.note ? <p className="whitespace-pre-line text-muted-foreground">{f.note}</p> : null}
              </li>
            ))}
          </ul>
        )}
        {canWrite ? (
          <fetcher.Form method="post" noValidate aria-label="Noter un suivi" className="grid gap-4">
            <input type="hidden" name="intent" value="follow-up" />
            <input type="hidden" name="learnerId" value={learnerId} />
            <div className="grid gap-4 sm:grid-cols-2">
              <SelectField
                form={FORM}
                name="kind"
                label="Suivi"
                required
                errors={errors}
                options={FOLLOW_UP_KINDS.map((k) => ({ value: k, label: FOLLOW_UP_KIND_LABELS[k] }))}
              />
              <TextField
                form={FORM}
                name="happenedOn"
                label="Date"
                type="date"
                required
                max={today}
                errors={errors}
                defaultValue={today}
              />
            </div>
            <TextAreaField
              form={FORM}
              name="note"
              label="Note"
              hint={
                "Ce qui a été dit ou décidé. «\u00a0Abandon\u00a0» passe aussi le statut du ou de la stagiaire à «\u00a0Abandon\u00a0» à cette date."
              }
              errors={errors}
            />
            <div>
              <Button type="submit" disabled={fetcher.state !== "idle"}>
                Enregistrer le suivi
              </Button>
            </div>
          </fetcher.Form>
        ) : null}
      </CardContent>
    </Card>
  );
}
