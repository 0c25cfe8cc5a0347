import { calendarFeed, feedResponse } from "~/features/calendar/index.server";
import type { Route } from "./+types/calendar-feed";

// GET /calendrier/<token>.ics: a staff member's private iCalendar feed, for a calendar application
// that cannot sign in. The unguessable token is the only credential; an unknown or regenerated one
// answers 404. Never cached: neither by the public page cache nor on the way.
export async function loader({ params, context }: Route.LoaderArgs) {
  return feedResponse(await calendarFeed(context.app, params.token));
}
