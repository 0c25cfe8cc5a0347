import { type APIRequestContext, expect } from "@playwright/test";

/**
 * A visitor's 'Être rappelé·e' request for Nadia `lastName`, posted as the home page's form does
 * (JSON answer): a change every open console page hears through its live stream.
 */
export async function requestCallback(request: APIRequestContext, lastName: string): Promise<void> {
  const response = await request.post("/api/rappel", {
    form: { firstName: "Nadia", lastName, phone: "06 12 34 56 78", source: "callback_home_hero" },
    headers: { accept: "application/json" },
  });
  expect(response.status()).toBe(200);
}
