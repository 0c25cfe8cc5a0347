/**
 * Who may do what in the console is the accounts feature's business (sign-in, roles, permissions);
 * the console kit (action.server.ts, list-loader.server.ts) only asks. Accounts provides its
 * permission check and app/boot registers it when the process starts, so the kit imports no feature
 * and accounts' own screen (Utilisateurs) uses the kit like every other screen, with no circle.
 * A parameter at each of the forty call sites would say the same thing forty times; one registration
 * says it once.
 */
import type { RouterContextProvider } from "react-router";

/** What a loader or action receives that the permission check reads: the request and its context. */
export interface RequestArgs {
  request: Request;
  context: Readonly<RouterContextProvider>;
}

/**
 * The names the check understands, empty here: accounts fills it by declaration merging (as it adds
 * `auth` to AppRuntime) with its `permission`, `role` and signed-in `user` types, so that a screen
 * naming a permission that does not exist still fails to compile.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging in features/accounts.
export interface ConsoleAccessTypes {}

type Named<Key extends string, Otherwise> = ConsoleAccessTypes extends Record<Key, infer T> ? T : Otherwise;
export type ConsolePermission = Named<"permission", string>;
export type ConsoleRole = Named<"role", string>;
export type ConsoleUser = Named<"user", { id: string; email: string }>;

/** The signed-in user and their role, once the permission holds. */
export interface Permitted {
  user: ConsoleUser;
  role: ConsoleRole;
}

/**
 * Redirects a signed-out visitor to sign in (a thrown redirect), refuses a role without `permission`
 * (a thrown 403), else answers who asked.
 */
export type PermissionCheck = (args: RequestArgs, permission: ConsolePermission) => Promise<Permitted>;

let check: PermissionCheck | undefined;

/** Called once by app/boot with accounts' check. */
export function provideConsolePermissionCheck(requirePermission: PermissionCheck): void {
  check = requirePermission;
}

/** The console kit's gate: the check accounts provided. No check registered is a programming error. */
export function requireConsolePermission(
  args: RequestArgs,
  permission: ConsolePermission,
): Promise<Permitted> {
  if (!check) throw new Error("the console's permission check was never provided (app/boot registers it)");
  return check(args, permission);
}
