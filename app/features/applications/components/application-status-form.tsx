import { useEffect, useState } from "react";
import {
  APPLICATION_STATUS_LABELS,
  APPLICATION_STATUSES,
  type ApplicationStatusValue,
  type StatusMailContext,
  statusMailText,
} from "~/features/applications/status";
import { formatFullDateTime, parisInstant, parisParts } from "~/platform/paris-time";
import { Button } from "~/ui/button";
import { SelectField, TextAreaField, TextField } from "~/ui/console/form-fields";
import { useAdminFetcher } from "~/ui/console/use-admin-fetcher";

const FORM = "statut";
const OPTIONS = APPLICATION_STATUSES.map((s) => ({ value: s, label: APPLICATION_STATUS_LABELS[s] }));

interface Interview {
  date: string;
  time: string;
  place: string;
}

/**
 * The details page's status change: the new status, the interview's day, time and place when one
 * is planned, and the e-mail proposed to the candidate for that status, which staff may rewrite or
 * leave unsent. The server checks everything again (seats, interview fields, e-mail text).
 */
export function ApplicationStatusForm({
  id,
  status,
  interviewAt,
  interviewPlace,
  mail,
  disabled,
}: {
  id: string;
  status: ApplicationStatusValue;
  interviewAt: string | Date | null;
  interviewPlace: string | null;
  /** What the proposed texts quote, the interview aside. */
  mail: Omit<StatusMailContext, "interviewWhen" | "interviewPlace">;
  disabled: boolean;
}) {
  const planned = interviewAt ? parisParts(interviewAt) : null;
  const saved: Interview = {
    date: planned?.day ?? "",
    time: planned?.time ?? "",
    place: interviewPlace ?? "",
  };
  const [next, setNext] = useState<ApplicationStatusValue>(status);
  const [interview, setInterview] = useState<Interview>(saved);
  const [sendMail, setSendMail] = useState(true);
  // The text staff typed; null while they keep the proposal, which then follows the fields.
  const [written, setWritten] = useState<string | null>(null);
  // A change saved here or by a colleague (the page follows live) becomes the form's starting
  // point. The form itself stays mounted, so that the answer's toast is shown.
  const savedKey = `${status} ${saved.date} ${saved.time} ${saved.place}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when what is saved changes.
  useEffect(() => {
    setNext(status);
    setInterview(saved);
    setWritten(null);
  }, [savedKey]);
  const fetcher = useAdminFetcher((result) => {
    if (result.ok) setWritten(null);
  });
  const errors = fetcher.data?.ok === false ? fetcher.data.errors : undefined;
  const busy = fetcher.state !== "idle";

  const when = parisInstant(interview.date, interview.time);
  const proposal = statusMailText(next, {
    ...mail,
    ...(when ? { interviewWhen: formatFullDateTime(when) } : {}),
    ...(interview.place.trim() ? { interviewPlace: interview.place.trim() } : {}),
  });
  const unchanged = next === status && next !== "interview";
  const field = (key: keyof Interview) => ({
    value: interview[key],
    onChange: (e: { target: { value: string } }) =>
      setInterview((now) => ({ ...now, [key]: e.target.value })),
  });

  return (
    <fetcher.Form method="post" className="grid gap-4" aria-label="Changer le statut">
      <input type="hidden" name="intent" value="status" />
      <input type="hidden" name="id" value={id} />
      <SelectField
        form={FORM}
        name="status"
        label="Nouveau statut"
        options={OPTIONS}
        errors={errors}
        value={next}
        disabled={disabled}
        onChange={(e) => {
          setNext(e.target.value as ApplicationStatusValue);
          setWritten(null);
        }}
      />
      {next === "interview" ? (
        <fieldset className="grid gap-4 rounded-md border border-border p-4 sm:grid-cols-2">
          <legend className="px-1 text-sm font-semibold">Entretien</legend>
          <TextField
            form={FORM}
            name="interviewDate"
            label="Date"
            type="date"
            required
            errors={errors}
            {...field("date")}
          />
          <TextField
            form={FORM}
            name="interviewTime"
            label="Heure"
            type="time"
            required
            errors={errors}
            {...field("time")}
          />
          <div className="sm:col-span-2">
            <TextField
              form={FORM}
              name="interviewPlace"
              label="Lieu ou lien de visioconférence"
              required
              errors={errors}
              maxLength={300}
              {...field("place")}
            />
          </div>
        </fieldset>
      ) : null}
      <div className="flex items-center gap-2">
        <input
          id={`${FORM}-sendMail`}
          type="checkbox"
          name="sendMail"
          checked={sendMail}
          onChange={(e) => setSendMail(e.target.checked)}
          className="h-4 w-4 accent-primary"
        />
        <label htmlFor={`${FORM}-sendMail`} className="text-sm font-medium">
          Envoyer un e-mail au candidat
        </label>
      </div>
      {sendMail ? (
        <TextAreaField
          form={FORM}
          name="mailText"
          label="Texte de l'e-mail"
          hint="Texte proposé pour ce statut : relisez-le et modifiez-le si besoin avant de confirmer."
          errors={errors}
          rows={10}
          value={written ?? proposal}
          onChange={(e) => setWritten(e.target.value)}
        />
      ) : null}
      <div>
        <Button type="submit" disabled={disabled || busy || unchanged}>
          {busy ? "Enregistrement..." : "Confirmer le changement de statut"}
        </Button>
      </div>
    </fetcher.Form>
  );
}
