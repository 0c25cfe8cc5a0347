export { PublicationScheduler, type Publishable, type ScheduledRow } from "./scheduler.server";
