import type { ReactNode } from "react";
import { BackLink } from "./back-link";
import { LoadFailure } from "./list-table";

/** Where a record screen leads back to: its list, as the '← Toutes les …' link names it. */
export interface RecordList {
  to: string;
  label: string;
}

/**
 * The frame of a console screen that shows one record (a candidature, a réclamation, a questionnaire):
 * the way back to its list on top, then the record. When the record could not be read, `failure` says
 * so in its place, under the same way back.
 */
export function RecordScreen({
  list,
  failure,
  children,
}: {
  list: RecordList;
  failure?: string;
  children?: ReactNode;
}) {
  return (
    <>
      <BackLink to={list.to}>{list.label}</BackLink>
      {failure === undefined ? children : <LoadFailure message={failure} />}
    </>
  );
}
