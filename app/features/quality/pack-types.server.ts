/**
 * The evidence pack's shapes: its period and sessions, what a contribution gets to build its files, and
 * a file. Types only, shared by the contributions' modules and the builder.
 */
import type { CentreSettings } from "~/features/settings";
import type { Db } from "~/platform/db/client.server";

/** The period of a pack: the centre's days, both included (YYYY-MM-DD). */
export interface PackPeriod {
  from: string;
  to: string;
}

/** A session of the period (it runs on at least one of its days). */
export interface PackSession {
  id: string;
  formationId: string;
  title: string;
  startDate: string;
  endDate: string;
}

export interface PackContext {
  db: Db;
  period: PackPeriod;
  sessions: readonly PackSession[];
  centre: CentreSettings;
  /** The day the pack is made (Paris): the date its files carry and the attendance sheets print. */
  today: string;
  /** A folder of its own for temporary files, removed after the build. */
  scratch: string;
}

/** One file of a folder: its path inside the indicator's folder ('conventions/…/x.pdf') and its bytes. */
export type PackFile = { path: string } & (
  | { data: Uint8Array | string }
  | { stream: AsyncIterable<Uint8Array> }
);

export interface PackContribution {
  indicator: number;
  /** What it puts in the folder, as the index and the LISEZ-MOI name it: 'Programmes des formations (PDF)'. */
  title: string;
  /** How many files it will give for this period: the progress's share of it. */
  count(context: PackContext): Promise<number>;
  files(context: PackContext): AsyncIterable<PackFile>;
}
