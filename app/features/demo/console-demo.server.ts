import { writeAudit } from "~/features/audit/index.server";
import { attempt, consoleAction } from "~/platform/console/action.server";
import type { ChangeEvent } from "~/platform/events.server";
import { plural } from "~/platform/plural";
import { type DemoRemoval, removeDemoData } from "./demo.server";

// The dashboard's action, apart from what the root loader reads (demo.server.ts): a module-level
// call here would keep this file, and the console code it imports, in every public page's bundle.

/** Every table the removal may change: open pages and every instance's page cache follow. */
const REMOVAL_EVENTS: ChangeEvent[] = [
  { table: "formations", op: "delete" },
  { table: "formation_sessions", op: "delete" },
  { table: "blog_posts", op: "delete" },
  { table: "testimonials", op: "delete" },
  { table: "site_pages", op: "delete" },
  { table: "centre_settings", op: "update" },
];

/** The toast after a removal: what went, and what stayed because of real applications. */
export function removalMessage(removal: DemoRemoval): string {
  const kept = removal.kept.map((k) => {
    const held = [
      k.applications ? plural(k.applications, "candidature") : "",
      k.learners ? plural(k.learners, "stagiaire") : "",
    ];
    return `« ${k.title} » (${held.filter(Boolean).join(", ")})`;
  });
  return kept.length
    ? `Conservées car des candidatures ou des stagiaires y sont rattachés : ${kept.join(", ")}.`
    : "Le site ne contient plus de données de démonstration.";
}

/** The dashboard's action: 'Supprimer les données de démonstration' (administrators, `demo:remove`). */
export const demoAction = consoleAction({ "remove-demo": "demo:remove" }, async (app, actor) => {
  const done: { removal?: DemoRemoval } = {};
  const result = await attempt(
    app,
    "remove-demo",
    "Suppression impossible",
    "Données de démonstration supprimées",
    async () => {
      done.removal = await app.db.transaction(async (tx) => {
        const done = await removeDemoData(tx);
        await writeAudit(tx, actor, { action: "delete", entity: "demo_data", details: { ...done } });
        return done;
      });
      for (const event of REMOVAL_EVENTS) await app.events.publish(event);
    },
  );
  if (done.removal && result.data.toast) result.data.toast.description = removalMessage(done.removal);
  return result;
});
