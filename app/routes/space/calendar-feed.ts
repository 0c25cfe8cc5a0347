import { feedResponse } from "~/features/calendar/index.server";
import { learnerFeed, learnerOfFeed } from "~/features/spaces/index.server";
import type { Route } from "./+types/calendar-feed";

// GET /espace/calendrier/<membership>/<token>.ics: a learner's own iCalendar feed (their session's
// slots), for a calendar application that cannot sign in. The token is the only credential; a wrong
// one, or a membership gone, answers 404. Never cached (the /espace rule).
export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, config } = context.app;
  const learnerId = await learnerOfFeed(db, config.authSecret, params.memberId, params.token);
  return feedResponse(learnerId ? await learnerFeed(context.app, learnerId) : null);
}
