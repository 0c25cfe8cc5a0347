// The calendar feature's server-only face for the routes and other features: they import from here, never
// from its files (docs/architecture.md).

export { calendarAction, calendarMonth } from "./calendar.server";
export { addSlotEvent, calendarFeed, type FeedSlot, feedResponse, feedToken } from "./feed.server";
