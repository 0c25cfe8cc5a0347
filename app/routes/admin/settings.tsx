import { useCan } from "~/features/accounts";
import { requirePermission } from "~/features/accounts/index.server";
import { BillingSettingsCard } from "~/features/billing";
import {
  BILLING_SETTINGS_INTENTS,
  billingSettingsIntent,
  readBillingSettings,
} from "~/features/billing/index.server";
import { QualiopiWarning } from "~/features/catalogue";
import { MediaPicker } from "~/features/media";
import {
  AbsenceAlertsCard,
  AttendanceLinksCard,
  CentreSettingsForm,
  CertificateCard,
  InternalRulesCard,
} from "~/features/settings";
import {
  getAbsenceThresholds,
  getAttendanceLinkMinutes,
  getCentreSettings,
  getInternalRules,
  qualiopiStatus,
  settingsAction,
} from "~/features/settings/index.server";
import { SignatureSettingsCard } from "~/features/signatures";
import {
  readSignatureSettings,
  SIGNATURE_SETTINGS_INTENTS,
  signatureSettingsIntent,
} from "~/features/signatures/index.server";
import { SURVEY_SETTINGS_DEFAULTS, SurveyDelaysCard } from "~/features/surveys";
import { getSurveySettings } from "~/features/surveys/index.server";
import { loadOr } from "~/platform/console/action.server";
import { parisToday } from "~/platform/dates";
import { useLoadErrorToast } from "~/ui/console/form-fields";
import { PageHeader } from "~/ui/console/page-header";
import type { Route } from "./+types/settings";

export const meta: Route.MetaFunction = () => [{ title: "Paramètres | Console d'administration" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { app } = context;
  await requirePermission({ request, context }, "settings:read");
  const { value, loadError } = await loadOr(app, "paramètres", () => getCentreSettings(app.db), null);
  const delays = await loadOr(app, "paramètres", () => getSurveySettings(app.db), SURVEY_SETTINGS_DEFAULTS);
  const rules = await loadOr(app, "paramètres", () => getInternalRules(app.db), null);
  const billing = await loadOr(app, "paramètres", () => readBillingSettings(app.db), null);
  const linkMinutes = await loadOr(app, "paramètres", () => getAttendanceLinkMinutes(app.db), null);
  const signatures = await loadOr(app, "paramètres", () => readSignatureSettings(app.db), null);
  const absences = await loadOr(app, "paramètres", () => getAbsenceThresholds(app.db), null);
  return {
    settings: value,
    qualiopi: value ? qualiopiStatus(value) : null,
    surveyDelays: delays.value,
    internalRules: rules.value,
    billing: billing.value,
    // The numbering's example is of this year in Paris, the same on the server and in the browser.
    year: Number(parisToday().slice(0, 4)),
    loadError:
      loadError ??
      delays.loadError ??
      rules.loadError ??
      billing.loadError ??
      linkMinutes.loadError ??
      signatures.loadError ??
      absences.loadError,
    signatures: signatures.value,
    attendanceLinkMinutes: linkMinutes.value,
    absenceThresholds: absences.value,
  };
}

// Paramètres' own intents, and the Facturation card's (features/billing) and the Signatures card's
// (features/signatures), composed here: settings imports no feature that leans on it.
export const action = settingsAction({
  permissions: { ...BILLING_SETTINGS_INTENTS, ...SIGNATURE_SETTINGS_INTENTS },
  handle: (app, actor, form) =>
    Object.hasOwn(SIGNATURE_SETTINGS_INTENTS, form.get("intent")?.toString() ?? "")
      ? signatureSettingsIntent(app, actor, form)
      : billingSettingsIntent(app, actor, form),
});

export default function AdminSettings({ loaderData }: Route.ComponentProps) {
  const {
    settings,
    qualiopi,
    surveyDelays,
    internalRules,
    billing,
    year,
    attendanceLinkMinutes,
    signatures,
    absenceThresholds,
    loadError,
  } = loaderData;
  useLoadErrorToast(loadError);
  const canEdit = useCan("settings:write");
  if (!settings) {
    return <PageHeader title="Paramètres" description="Les paramètres n'ont pas pu être chargés." />;
  }
  return (
    <>
      <PageHeader
        title="Paramètres"
        description={
          canEdit
            ? "L'identité du centre, telle que le site, les e-mails et les documents l'affichent."
            : "Lecture seule : seul un administrateur peut modifier les paramètres."
        }
      />
      {qualiopi?.expired ? <QualiopiWarning message={qualiopi.message} /> : null}
      <div className="grid gap-6">
        <CentreSettingsForm
          settings={settings}
          canEdit={canEdit}
          logoPicker={(field) => <MediaPicker {...field} />}
        />
        <CertificateCard canEdit={canEdit} shown={qualiopi?.shown ?? false} file={settings.certificate} />
        {internalRules ? <InternalRulesCard canEdit={canEdit} rules={internalRules} /> : null}
        <SurveyDelaysCard delays={surveyDelays} canEdit={canEdit} />
        <AttendanceLinksCard minutes={attendanceLinkMinutes} canEdit={canEdit} />
        {absenceThresholds ? <AbsenceAlertsCard thresholds={absenceThresholds} canEdit={canEdit} /> : null}
        {billing ? (
          <BillingSettingsCard
            settings={billing}
            canEdit={canEdit}
            year={year}
            centreSiret={settings.siret}
          />
        ) : null}
        {signatures ? (
          <SignatureSettingsCard reminderDays={signatures.reminderDays} canEdit={canEdit} />
        ) : null}
      </div>
    </>
  );
}
