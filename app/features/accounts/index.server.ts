// The accounts feature's server-only face for other features: they import from here, never from its files
// (docs/architecture.md). Routes may import any of its files directly.
export * from "./current-user.server";
export {
  createSignInLink,
  ensureInvitedAccount,
  SIGN_IN_LINK_MINUTES,
} from "./sign-in-links.server";
