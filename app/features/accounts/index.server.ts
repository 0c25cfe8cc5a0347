// The accounts feature's server-only face for the routes and other features: they import from here, never
// from its files (docs/architecture.md).

export { userAction, usersPage } from "./console-users.server";
export * from "./current-user.server";
export { requestPasswordReset } from "./forgot-password.server";
export { hasPassword, type OwnPasswordResult, ownPasswordAction } from "./own-password.server";
export { resetPassword } from "./reset-password.server";
export { type AuthActionResult, authAction, type LinkSignInResult, linkSignInAction } from "./sign-in.server";
export {
  createSignInLink,
  ensureInvitedAccount,
  SIGN_IN_LINK_MINUTES,
} from "./sign-in-links.server";
export { signOut } from "./sign-out.server";
