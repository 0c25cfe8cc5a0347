// npm run bench:auth — does an answer's delay tell whether an address has an account?
//
// Starts the production server on the embedded database with one known account (ADMIN_EMAIL) and
// better-auth's limiter off, then asks, one request at a time, in pairs sent in a random order, for a
// reset link for the known address and for unknown ones (POST /api/auth/request-password-reset), and signs up with
// the known address and with new ones (POST /api/auth/sign-up/email). Writes each median and p90 to
// the « Comptes : délai des réponses » section of docs/benchmarks.md (other sections are kept).
import type { ChildProcess } from "node:child_process";
import { machineLine, percentile, startBenchServer, writeBenchmarkSection } from "./support";

const PORT = Number(process.env.BENCH_PORT ?? 3460);
const BASE = `http://127.0.0.1:${PORT}`;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);
const KNOWN = "compte.connu@centre.test";
/** Idle time after each request, so that the work it started after answering is done. */
const PAUSE_MS = 50;

async function timed(pathname: string, body: unknown): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${BASE}${pathname}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: BASE },
    body: JSON.stringify(body),
  });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${pathname}: ${response.status}`);
  return performance.now() - started;
}

const ms = (value: number) => `${value.toFixed(1).replace(".", ",")} ms`;

function row(label: string, known: number[], unknown: number[]): string {
  const sortedKnown = [...known].sort((a, b) => a - b);
  const sortedUnknown = [...unknown].sort((a, b) => a - b);
  const k = percentile(sortedKnown, 50);
  const u = percentile(sortedUnknown, 50);
  return `| ${label} | ${ms(k)} | ${ms(u)} | ${(k / u).toFixed(2).replace(".", ",")} | ${ms(percentile(sortedKnown, 90))} | ${ms(percentile(sortedUnknown, 90))} |`;
}

async function main() {
  let server: ChildProcess | null = null;
  try {
    server = await startBenchServer(PORT, {
      ADMIN_EMAIL: KNOWN,
      ADMIN_PASSWORD: "mot-de-passe-du-banc",
      AUTH_RATE_LIMIT: "false",
    });
    const reset = { known: [] as number[], unknown: [] as number[] };
    const signUp = { known: [] as number[], unknown: [] as number[] };
    const person = { password: "un-mot-de-passe", name: "Banc Essai", firstName: "Banc", lastName: "Essai" };
    // Each round sends the pair in a random order and leaves the server idle between requests: what a
    // request leaves to do after its answer (a link, an e-mail) must not be charged to the next one.
    // A few rounds first, unmeasured: the first calls compile and warm the caches.
    const pair = async (
      samples: { known: number[]; unknown: number[] },
      known: () => Promise<number>,
      unknown: () => Promise<number>,
      keep: boolean,
    ) => {
      const order = Math.random() < 0.5 ? (["known", "unknown"] as const) : (["unknown", "known"] as const);
      for (const which of order) {
        const took = await (which === "known" ? known : unknown)();
        if (keep) samples[which].push(took);
        await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
      }
    };
    for (let i = -10; i < ROUNDS; i++) {
      await pair(
        reset,
        () => timed("/api/auth/request-password-reset", { email: KNOWN }),
        () => timed("/api/auth/request-password-reset", { email: `inconnu-${i}@centre.test` }),
        i >= 0,
      );
    }
    for (let i = -10; i < ROUNDS; i++) {
      await pair(
        signUp,
        () => timed("/api/auth/sign-up/email", { ...person, email: KNOWN }),
        () => timed("/api/auth/sign-up/email", { ...person, email: `nouveau-${i}@centre.test` }),
        i >= 0,
      );
    }
    const lines = [
      "",
      `Mesuré le ${machineLine()} avec \`npm run bench:auth\` : base embarquée (PGlite), ${ROUNDS} tours`,
      "d'une paire de requêtes (adresse connue, adresse inconnue) dans un ordre tiré au sort, une à la fois,",
      `le serveur laissé au repos ${PAUSE_MS} ms après chacune (le travail fait après la réponse n'est pas compté à la suivante).`,
      "",
      "| Requête | Médiane, adresse connue | Médiane, adresse inconnue | Rapport | p90 connue | p90 inconnue |",
      "| --- | --: | --: | --: | --: | --: |",
      row("lien de réinitialisation (`/api/auth/request-password-reset`)", reset.known, reset.unknown),
      row("inscription (`/api/auth/sign-up/email`)", signUp.known, signUp.unknown),
      "",
      "Avant que la demande de lien ne soit traitée après la réponse, une adresse connue prenait 20,5 ms et",
      "une inconnue 10,6 ms (médianes relevées quand le défaut a été trouvé) : le délai les distinguait.",
      "Lancé pendant l'écriture de la réponse plutôt qu'après, ce travail la retardait encore (23,6 ms",
      "contre 11,9 ms sur cette machine) : PGlite exécute les requêtes sur le fil du serveur.",
      "L'inscription calcule l'empreinte du mot de passe dans les deux cas ; une adresse nouvelle écrit",
      "en plus le compte.",
    ];
    writeBenchmarkSection("Comptes : délai des réponses", lines);
    console.log(lines.join("\n"));
  } finally {
    server?.kill("SIGTERM");
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
