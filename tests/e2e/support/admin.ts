import { type Browser, type Cookie, expect, type Page } from "@playwright/test";
import { ADMIN, VISITOR } from "../../../playwright.config";
import { gotoReady } from "./page";

/** Fills the sign-in form already on screen with the seeded admin's credentials, and sends it. */
export async function submitAdminCredentials(page: Page) {
  await page.getByRole("tabpanel").getByLabel("E-mail").fill(ADMIN.email);
  await page.getByRole("tabpanel").getByLabel("Mot de passe").fill(ADMIN.password);
  await page.getByRole("button", { name: "Se connecter" }).click();
}

/**
 * Signs in as the seeded admin through the real form, and lands on `path` (default /admin). The page
 * is then loaded again: the sign-in toast ('Connexion réussie') shows once, on the first page, and an
 * accessibility check made while it fades in or out would measure its text mid-animation. For a test
 * that ends the session (sign-out): its session is its own.
 */
export async function signInAsAdminThroughTheForm(page: Page, path = "/admin") {
  await gotoReady(page, `/auth?redirectTo=${encodeURIComponent(path)}`);
  await submitAdminCredentials(page);
  await expect(page.getByText("Console d'administration")).toBeVisible();
  await page.locator("body[data-hydrated]").waitFor();
  await gotoReady(page, page.url());
}

/** Per server (origin) and person, the cookies of one sign-in through the real forms, made by this worker. */
const formSessions = new Map<string, Promise<Cookie[]>>();

/**
 * The cookies of `who`'s session on the server at `origin`: signed in once per worker through the real
 * forms by `signIn`, on a page of a context of its own, then reused by every test that asks. `fresh`
 * signs in anew (a server started anew on the same port knows no earlier session). A failed sign-in is
 * not kept: the next test tries again.
 */
export function formSessionCookies(
  browser: Browser,
  origin: string,
  who: string,
  signIn: (page: Page) => Promise<unknown>,
  fresh = false,
): Promise<Cookie[]> {
  const key = `${origin} ${who}`;
  const known = formSessions.get(key);
  if (known && !fresh) return known;
  const made = (async () => {
    const context = await browser.newContext({ baseURL: origin, ...VISITOR });
    try {
      await signIn(await context.newPage());
      return (await context.storageState()).cookies;
    } finally {
      await context.close();
    }
  })();
  formSessions.set(key, made);
  made.catch(() => {
    if (formSessions.get(key) === made) formSessions.delete(key);
  });
  return made;
}

/**
 * Opens `path` (default /admin) signed in as the seeded admin. The sign-in form is tested on its own
 * (foundation, site-layout, toast-contrast specs); here it is set-up, so each worker signs in through
 * it once per server and every later test starts from that session's cookies: the server's robots.txt
 * and the page instead of three pages, and no password hash on the server. A session that no longer opens the console (a server
 * started anew on the same port) is replaced by a new sign-in.
 */
export async function signInAsAdmin(page: Page, path = "/admin") {
  // The page's server, learnt by opening its robots.txt. Not with page.request: that client keeps its
  // connection open with no regard for the server's keep-alive timeout, and a later page.request of the
  // test (or, on a warm page, of a later test) sent at the moment the server closes it idle fails with
  // ECONNRESET, where a browser's navigation is retried by the browser.
  await page.goto("/robots.txt");
  const origin = new URL(page.url()).origin;
  const browser = page.context().browser();
  if (!browser) throw new Error("signInAsAdmin needs a page of a launched browser");
  for (const fresh of [false, true]) {
    const cookies = formSessionCookies(browser, origin, "admin", signInAsAdminThroughTheForm, fresh);
    await page.context().addCookies(await cookies);
    await gotoReady(page, path);
    if (!new URL(page.url()).pathname.startsWith("/auth")) break;
  }
  await expect(page.getByText("Console d'administration")).toBeVisible();
}
