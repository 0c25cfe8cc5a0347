// The signatures feature's browser-safe face for the routes and other features: they import from
// here, never from its files (docs/architecture.md).
export { AgreementSignature } from "./components/agreement-signature";
export { SignatureRequestPanel } from "./components/signature-request-panel";
export { SignatureSettingsCard } from "./components/signature-settings-card";
export { SIGNATURE_ERRORS, SIGNATURE_STATE_LABELS, SIGNER_ROLE_LABELS } from "./vocabulary";
