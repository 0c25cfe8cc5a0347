import { isRouteErrorResponse, useRouteError } from "react-router";

/**
 * The ErrorBoundary of a console page that shows one record (a candidature, a réclamation): a 404 when
 * the record does not exist or was erased, otherwise a load failure, each with the way back to its list.
 */
export function RecordError({
  notFoundTitle,
  notFoundText,
  backHref,
  backLabel,
}: {
  notFoundTitle: string;
  /** A sentence under the title; without it the page says no more than the title. */
  notFoundText?: string;
  backHref: string;
  backLabel: string;
}) {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div className="py-12 text-center" role="alert">
      <p className="text-5xl font-bold text-primary">{notFound ? 404 : 500}</p>
      <h1 className="mt-2 text-2xl font-semibold">
        {notFound ? notFoundTitle : "Erreur lors du chargement"}
      </h1>
      {notFoundText ? (
        <p className="mt-2 text-muted-foreground">{notFound ? notFoundText : "Réessayez dans un instant."}</p>
      ) : null}
      <a className="mt-4 inline-block text-primary underline" href={backHref}>
        {backLabel}
      </a>
    </div>
  );
}
