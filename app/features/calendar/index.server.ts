// The calendar feature's server-only face for other features: they import from here, never from its
// files (docs/architecture.md). Routes may import any of its files directly.
export { addSlotEvent, type FeedSlot, feedResponse } from "./feed.server";
