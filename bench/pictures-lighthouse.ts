// npm run bench:lighthouse-pictures — Lighthouse (mobile) on the public pages once every formation,
// article and testimonial has a picture of the médiathèque: home, catalogue, a course page, an
// article. On a throwaway PostgreSQL database (the pictures are attached in SQL), production build.
// The variants are made before Lighthouse runs (a visitor after the first gets them made), so the
// figures are those of a site in use. Lighthouse runs each page LIGHTHOUSE_RUNS times (5 unless told):
// its simulated LCP moves by ±100 ms from one run to the next on the same page, with what the browser
// happened to finish before its first paint, so one run says little; the table gives the median run,
// the range, and each score's lowest. Writes the « Pages publiques avec images » section of
// docs/benchmarks.md.
import { photoLike } from "../tests/support/photo";
import {
  type LighthouseScores,
  lighthouse,
  machineLine,
  sql,
  startBenchServer,
  throwawayDatabase,
  writeBenchmarkSection,
} from "./support";

const PORT = Number(process.env.BENCH_PORT ?? 3485);
const BASE = `http://127.0.0.1:${PORT}`;
const ADMIN = { email: "bench-pictures@centre.test", password: "bench-pictures-password" };
const PAGES = [
  "/",
  "/formations",
  "/formation/tp-assistant-ressources-humaines",
  "/ressources/article/financer-sa-formation-avec-le-cpf",
];
const PHOTOS = 6;
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 5);

/** A page's runs: the median LCP's run, the LCP's range, and each score's lowest. */
interface PageRuns {
  path: string;
  median: LighthouseScores;
  lcpMin: number;
  lcpMax: number;
  lowest: Pick<LighthouseScores, "performance" | "accessibility" | "bestPractices" | "seo">;
  clsMax: number;
}

function runPage(path: string): PageRuns {
  const runs = Array.from({ length: RUNS }, () => lighthouse(BASE, path)).sort((a, b) => a.lcpMs - b.lcpMs);
  const lowest = (key: "performance" | "accessibility" | "bestPractices" | "seo") =>
    Math.min(...runs.map((r) => r[key]));
  return {
    path,
    median: runs[Math.floor(runs.length / 2)] as LighthouseScores,
    lcpMin: runs[0]?.lcpMs ?? 0,
    lcpMax: runs[runs.length - 1]?.lcpMs ?? 0,
    lowest: {
      performance: lowest("performance"),
      accessibility: lowest("accessibility"),
      bestPractices: lowest("bestPractices"),
      seo: lowest("seo"),
    },
    clsMax: Math.max(...runs.map((r) => r.cls)),
  };
}

async function signIn(): Promise<string> {
  const response = await fetch(`${BASE}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: BASE },
    body: JSON.stringify(ADMIN),
  });
  if (!response.ok) throw new Error(`connexion refusée (${response.status})`);
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

async function uploadPhoto(cookie: string, n: number): Promise<string> {
  const form = new FormData();
  form.set("intent", "upload");
  form.set("alt", `Apprenants en atelier, photo ${n + 1}`);
  form.set("file", new File([new Uint8Array(await photoLike())], `atelier-${n}.jpg`, { type: "image/jpeg" }));
  const response = await fetch(`${BASE}/admin/mediatheque.data`, {
    method: "POST",
    headers: { cookie, origin: BASE },
    body: form,
  });
  const id = /"created","([0-9a-f-]{36})"/.exec(await response.text())?.[1];
  if (!id) throw new Error(`envoi refusé (${response.status})`);
  return id;
}

/** Every /media/ address a page names, asked until served: the variants exist before Lighthouse. */
async function makeVariants(pagePath: string) {
  const html = await (await fetch(`${BASE}${pagePath}`)).text();
  const paths = new Set(html.match(/\/media\/[0-9a-f]{32}\/\d+\.[a-z]+/g) ?? []);
  for (const path of paths) {
    for (let attempt = 0; attempt < 30; attempt++) {
      const response = await fetch(`${BASE}${path}`);
      await response.arrayBuffer();
      if (response.status === 200) break;
      await new Promise((r) => setTimeout(r, 2000));
    }
  }
}

async function main() {
  const machine = machineLine();
  const database = await throwawayDatabase("bench_pictures");
  try {
    const server = await startBenchServer(PORT, {
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      DATABASE_URL: database.url,
    });
    let pages: PageRuns[];
    try {
      const cookie = await signIn();
      const ids: string[] = [];
      for (let n = 0; n < PHOTOS; n++) ids.push(await uploadPhoto(cookie, n));
      const list = `array[${ids.map((id) => `'${id}'`).join(",")}]::uuid[]`;
      for (const table of ["formations", "blog_posts", "testimonials"]) {
        await sql(
          database.url,
          `update ${table} t set image_id = (${list})[1 + (x.n % ${PHOTOS})]
           from (select id, row_number() over (order by id) as n from ${table}) x where t.id = x.id`,
        );
      }
      for (const path of PAGES) await makeVariants(path);
      pages = PAGES.map(runPage);
    } finally {
      const exited = new Promise((r) => server.once("exit", r));
      server.kill("SIGTERM");
      await exited;
    }
    const lines = [
      "",
      `Mesuré le ${machine}, avec \`npm run bench:lighthouse-pictures\` (Lighthouse 13.5, mobile, Chromium de Debian), PostgreSQL local, build de production. Chaque formation, article et témoignage de la démonstration a une photo (2 400 × 1 600 px, ${PHOTOS} photos différentes) ; les variantes sont déjà faites. Chaque page passe ${RUNS} fois : LCP médian, puis le plus bas et le plus haut ; pour chaque score, le plus bas des ${RUNS} passages ; CLS, le plus haut. La machine est partagée : le LCP est un majorant.`,
      "",
      "| Page | Performance | Accessibilité | Bonnes pratiques | SEO | LCP médian | LCP min – max | CLS |",
      "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
      ...pages.map(
        (p) =>
          `| \`${p.path}\` | ${p.lowest.performance} | ${p.lowest.accessibility} | ${p.lowest.bestPractices} | ${p.lowest.seo} | ${p.median.lcpMs} ms | ${p.lcpMin} – ${p.lcpMax} ms | ${p.clsMax.toFixed(3)} |`,
      ),
    ];
    writeBenchmarkSection("Pages publiques avec images", lines);
    console.log(lines.join("\n"));
  } finally {
    await database.drop();
  }
}

await main();
