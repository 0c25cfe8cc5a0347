import { Form, Link } from "react-router";
import { IMPROVEMENT_STATE_LABELS, type ImprovementState } from "~/features/quality/vocabulary";
import { buttonClass } from "~/ui/button";

/**
 * A complaint's improvement actions (indicator 32) and 'Proposer une action d'amélioration': one
 * click posts to the improvement register, which opens the new action to complete.
 */
export function ProposeImprovement({
  complaintId,
  actions,
  canPropose,
}: {
  complaintId: string;
  actions: readonly { id: string; title: string; state: ImprovementState }[];
  canPropose: boolean;
}) {
  return (
    <div className="grid gap-3" data-testid="complaint-improvements">
      <h2 className="text-lg font-semibold">Amélioration</h2>
      {actions.length > 0 ? (
        <ul className="grid gap-1 text-sm">
          {actions.map((a) => (
            <li key={a.id}>
              <Link
                to={`/admin/qualiopi/ameliorations?action=${a.id}`}
                className="text-primary underline underline-offset-4"
              >
                {a.title}
              </Link>{" "}
              ({IMPROVEMENT_STATE_LABELS[a.state]})
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">
          Aucune action d'amélioration liée à cette réclamation.
        </p>
      )}
      {canPropose ? (
        <Form method="post" action="/admin/qualiopi/ameliorations">
          <input type="hidden" name="intent" value="propose" />
          <input type="hidden" name="origin" value="complaint" />
          <input type="hidden" name="complaintId" value={complaintId} />
          <button type="submit" className={buttonClass("outline", "sm")}>
            Proposer une action d'amélioration
          </button>
        </Form>
      ) : null}
    </div>
  );
}
