// The attendance feature's browser-safe face for the routes and other features: they import from
// here, never from its files (docs/architecture.md).

export { alertText, followUpHref } from "./absence-text";
export { AbsenceAlertsCard } from "./components/absence-alerts-card";
export { AbsenceAlertList, FollowUps } from "./components/follow-up-panel";
export { SignaturePad } from "./components/signature-pad";
export { SignedNotice, SigningUnavailable } from "./components/signing-states";
export { CountersignForm, entryText, MarkForm, windowText } from "./components/slot-forms";
export { slotHeading } from "./sheet";
export { signingWindow, windowState } from "./signing-window";
export { ATTENDANCE_STATUS_LABELS } from "./vocabulary";
