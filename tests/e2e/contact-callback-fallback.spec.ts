import { expect, test } from "./support/test";

test.use({ javaScriptEnabled: false });

test("without JavaScript, a course page's callback button opens the appointment form for that course", async ({
  page,
}) => {
  await page.goto("/formation/tp-assistant-ressources-humaines");
  await page.getByRole("link", { name: "Être rappelé·e" }).first().click();
  await expect(page).toHaveURL(
    /\/contact\?sujet=rdv&formation=TP%20Assistant%20Ressources%20Humaines#formulaire$/,
  );
  await expect(page.getByLabel("Sujet")).toHaveValue("rdv");
  await expect(page.getByLabel("Formation qui vous intéresse")).toHaveValue(
    "tp-assistant-ressources-humaines",
  );
});
