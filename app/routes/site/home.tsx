import { ButtonLink } from "~/components/ui/button";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = () => [
  { title: "Centre de Formation Avenir | Formations en alternance et formations courtes" },
  {
    name: "description",
    content:
      "Formations en alternance et formations courtes, diplômantes ou certifiantes, finançables par le CPF, France Travail ou votre OPCO.",
  },
];

export default function Home() {
  return (
    <main id="contenu" className="mx-auto max-w-7xl px-4 py-16">
      <h1 className="text-4xl font-bold tracking-tight">Révélez votre potentiel avec nos formations</h1>
      <p className="mt-4 max-w-2xl text-lg text-muted-foreground">
        Alternance ou formation courte, diplômante ou certifiante : trouvez la formation qui vous mènera à
        votre nouveau métier.
      </p>
      <ButtonLink to="/formations" size="lg" className="mt-8">
        Découvrir nos formations
      </ButtonLink>
    </main>
  );
}
