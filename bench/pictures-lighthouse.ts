// npm run bench:lighthouse-pictures — Lighthouse (mobile) on the public pages once every formation,
// article and testimonial has a picture of the médiathèque: home, catalogue, a course page, an
// article. On a throwaway PostgreSQL database (the pictures are attached in SQL), production build.
// The variants are made before Lighthouse runs (a visitor after the first gets them made), so the
// figures are those of a site in use. Writes the « Pages publiques avec images » section of
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
    let scores: LighthouseScores[];
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
      scores = PAGES.map((path) => lighthouse(BASE, path));
    } finally {
      const exited = new Promise((r) => server.once("exit", r));
      server.kill("SIGTERM");
      await exited;
    }
    const lines = [
      "",
      `Mesuré le ${machine}, avec \`npm run bench:lighthouse-pictures\` (Lighthouse 13.5, mobile, Chromium de Debian), PostgreSQL local, build de production. Chaque formation, article et témoignage de la démonstration a une photo (2 400 × 1 600 px, ${PHOTOS} photos différentes) ; les variantes sont déjà faites. La machine est partagée : le LCP est un majorant.`,
      "",
      "| Page | Performance | Accessibilité | Bonnes pratiques | SEO | LCP | CLS |",
      "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
      ...scores.map(
        (s) =>
          `| \`${s.path}\` | ${s.performance} | ${s.accessibility} | ${s.bestPractices} | ${s.seo} | ${s.lcpMs} ms | ${s.cls.toFixed(3)} |`,
      ),
    ];
    writeBenchmarkSection("Pages publiques avec images", lines);
    console.log(lines.join("\n"));
  } finally {
    await database.drop();
  }
}

await main();
