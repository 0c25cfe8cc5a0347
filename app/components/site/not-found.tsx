import { Link } from "react-router";

/** SPEC.md §2.12. */
export function NotFound() {
  return (
    <main
      id="contenu"
      className="flex min-h-[60vh] flex-col items-center justify-center gap-4 p-6 text-center"
    >
      <h1 className="text-6xl font-bold text-primary">404</h1>
      <p className="text-xl text-muted-foreground">Oops! Page not found</p>
      <Link to="/" className="text-primary underline underline-offset-4">
        Retour à l'accueil
      </Link>
    </main>
  );
}
