// npm run bench:images — the médiathèque under load, on the embedded database of a production build.
//
// 1. 20 staff members send a 10 MB photo each at the same moment (multipart, as the console's form
//    posts it): how many are accepted at once, how many are asked to come back (503 + Retry-After,
//    sent again after that delay as a person would), how long they take, and the server's peak
//    resident memory (VmRSS sampled every 20 ms), which the upload turns, the image queue and
//    sharp's settings keep bounded.
// 2. First view of a variant nobody asked for yet (made from the original, then stored), against a
//    second view of the same address (read back): median of several pictures and formats.
// 3. Variants per second: every width and format of several pictures asked at once by 8 clients
//    (a 503 is asked again after its Retry-After); no connection may be cut, the server must live.
// Each on the embedded database (PGlite; pictures are files in DATA_DIR/media) and on a throwaway
// PostgreSQL database (pictures in the database). `npm run bench:images -- --pglite` measures the
// embedded database only and keeps the PostgreSQL column already in docs/benchmarks.md, with its date.
// Writes the « Médiathèque » section of docs/benchmarks.md (other sections are kept).
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import sharp from "sharp";
import { fallbackFormat, type MediaFormat, variantPath, variantWidths } from "../app/features/media/media";
import {
  machineLine,
  percentile,
  startBenchServer,
  throwawayDatabase,
  writeBenchmarkSection,
} from "./support";

const PORT = Number(process.env.BENCH_PORT ?? 3480);
const BASE = `http://127.0.0.1:${PORT}`;
const UPLOADS = 20;
const PHOTO_BYTES = 10 * 1024 * 1024;
const ADMIN = { email: "bench-media@centre.test", password: "bench-media-password" };

/** A photo-like JPEG of about `bytes` (noise compresses badly, as a sharp, detailed photo does). */
async function photo(bytes: number): Promise<{ content: Buffer; width: number; height: number }> {
  let side = 3000;
  for (;;) {
    const width = Math.round(side * 1.5);
    const content = await sharp({
      create: {
        width,
        height: side,
        channels: 3,
        background: "#808080",
        noise: { type: "gaussian", mean: 128, sigma: 40 },
      },
    })
      .jpeg({ quality: 90 })
      .toBuffer();
    if (content.byteLength >= bytes * 0.95 || side > 6000) return { content, width, height: side };
    side = Math.round(side * Math.sqrt(bytes / content.byteLength) * 1.02);
  }
}

/** The same picture, different bytes: data after the JPEG's end marker, which decoders ignore. */
const copyOf = (content: Buffer, n: number) => Buffer.concat([content, Buffer.from(`copie ${n}`)]);
const hashOf = (content: Buffer) => createHash("sha256").update(content).digest("hex").slice(0, 32);

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

interface Sent {
  ok: boolean;
  ms: number;
  /** Answers 503 (busy) before the one that stored it. */
  busy: number;
  /** Connections cut or refused (none expected). */
  cut: number;
}

const retryAfterMs = (response: Response) => Number(response.headers.get("retry-after") ?? "1") * 1000;

async function upload(cookie: string, content: Buffer, n: number): Promise<Sent> {
  const started = performance.now();
  let busy = 0;
  let cut = 0;
  for (let attempt = 0; attempt < 20; attempt++) {
    const form = new FormData();
    form.set("intent", "upload");
    form.set("alt", `Photo de banc d'essai ${n}`);
    form.set("file", new File([new Uint8Array(content)], `photo-${n}.jpg`, { type: "image/jpeg" }));
    try {
      const response = await fetch(`${BASE}/admin/mediatheque.data`, {
        method: "POST",
        headers: { cookie, origin: BASE },
        body: form,
      });
      const text = await response.text();
      if (response.status === 503) {
        busy++;
        await new Promise((r) => setTimeout(r, retryAfterMs(response)));
        continue;
      }
      return {
        ok: response.status === 200 && text.includes("created"),
        ms: performance.now() - started,
        busy,
        cut,
      };
    } catch {
      cut++;
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
  return { ok: false, ms: performance.now() - started, busy, cut };
}

function rssMb(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return Number(match?.[1] ?? 0) / 1024;
}

async function timedGet(path: string): Promise<{ ms: number; bytes: number; status: number }> {
  const started = performance.now();
  const response = await fetch(`${BASE}${path}`);
  const body = await response.arrayBuffer();
  return { ms: performance.now() - started, bytes: body.byteLength, status: response.status };
}

/** GET `path` until it is served, waiting out each 503's Retry-After; counts the 503s and cut connections. */
async function getServed(path: string, counts: { busy: number; cut: number }): Promise<number> {
  for (let attempt = 0; attempt < 60; attempt++) {
    try {
      const response = await fetch(`${BASE}${path}`);
      const body = await response.arrayBuffer();
      if (response.status === 200) return body.byteLength;
      if (response.status !== 503) throw new Error(`${path} : ${response.status}`);
      counts.busy++;
      await new Promise((r) => setTimeout(r, retryAfterMs(response)));
    } catch (error) {
      if (error instanceof Error && error.message.startsWith(path)) throw error;
      counts.cut++;
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
  throw new Error(`${path} : jamais servie`);
}

interface Measured {
  /** Each measure's label and value, in the table's order. */
  rows: [string, string][];
  ok: boolean;
}

/** The three measures on one server: the embedded database, or PostgreSQL at `databaseUrl`. */
async function measure(original: Awaited<ReturnType<typeof photo>>, databaseUrl?: string): Promise<Measured> {
  const server = await startBenchServer(PORT, {
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const pid = server.pid ?? 0;
  try {
    const cookie = await signIn();
    const photos = Array.from({ length: UPLOADS }, (_, n) => copyOf(original.content, n));

    // 1. Twenty uploads at once.
    const idle = rssMb(pid);
    let peak = idle;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssMb(pid));
    }, 20);
    const started = performance.now();
    const results = await Promise.all(photos.map((content, n) => upload(cookie, content, n)));
    const uploadSeconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, rssMb(pid));
    const accepted = results.filter((r) => r.ok).length;
    const firstTry = results.filter((r) => r.ok && r.busy === 0).length;
    const busyAnswers = results.reduce((sum, r) => sum + r.busy, 0);
    const uploadCuts = results.reduce((sum, r) => sum + r.cut, 0);
    const uploadTimes = results.map((r) => r.ms).sort((a, b) => a - b);

    // 2. First view of a variant nobody asked for (one client, nothing else running), then the same
    //    address again.
    const widths = variantWidths(original.width);
    const formats: MediaFormat[] = ["avif", "webp", fallbackFormat(false)];
    const firstViews: number[] = [];
    const secondViews: number[] = [];
    for (let n = 0; n < 6; n++) {
      const hash = hashOf(photos[n] as Buffer);
      for (const format of formats) {
        const path = variantPath(hash, widths[n % widths.length] ?? 360, format);
        const first = await timedGet(path);
        if (first.status !== 200) throw new Error(`${path} : ${first.status}`);
        firstViews.push(first.ms);
        secondViews.push((await timedGet(path)).ms);
      }
    }

    // 3. Variants per second: every width and format of 4 other pictures, 8 clients.
    const pending = photos
      .slice(6, 10)
      .flatMap((content) => widths.flatMap((w) => formats.map((f) => variantPath(hashOf(content), w, f))));
    const total = pending.length;
    const variantCounts = { busy: 0, cut: 0 };
    let batchPeak = rssMb(pid);
    const batchSampler = setInterval(() => {
      batchPeak = Math.max(batchPeak, rssMb(pid));
    }, 20);
    const batchStart = performance.now();
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        for (let path = pending.shift(); path; path = pending.shift()) await getServed(path, variantCounts);
      }),
    );
    clearInterval(batchSampler);
    const batchSeconds = (performance.now() - batchStart) / 1000;
    const ms = (sorted: number[], p: number) => `${Math.round(percentile(sorted, p))} ms`;
    const firsts = [...firstViews].sort((a, b) => a - b);
    const seconds = [...secondViews].sort((a, b) => a - b);
    return {
      ok: accepted === UPLOADS && uploadCuts + variantCounts.cut === 0,
      rows: [
        [
          `${UPLOADS} envois simultanés de 10 Mo : enregistrés, en`,
          `${accepted} / ${UPLOADS}, ${uploadSeconds.toFixed(1)} s`,
        ],
        [
          "… du premier coup / réponses « serveur occupé » (503, renvoyés après Retry-After) / connexions coupées",
          `${firstTry} / ${busyAnswers} / ${uploadCuts}`,
        ],
        [
          "Durée d'un envoi (jusqu'à son enregistrement) p50 / max",
          `${ms(uploadTimes, 50)} / ${ms(uploadTimes, 100)}`,
        ],
        [
          "Mémoire résidente du serveur : au repos → pic pendant les envois",
          `${Math.round(idle)} → ${Math.round(peak)} Mo`,
        ],
        [
          `Première vue d'une variante pas encore faite, p50 / max (${firsts.length} : AVIF, WebP, JPEG, ${widths.join(" à ")} px)`,
          `${ms(firsts, 50)} / ${ms(firsts, 100)}`,
        ],
        [
          "Vue suivante de la même adresse (relue : fichier sur PGlite, base sur PostgreSQL), p50",
          ms(seconds, 50),
        ],
        [
          `Variantes produites par seconde (${total} variantes, 8 clients)`,
          (total / batchSeconds).toFixed(2),
        ],
        [
          "… réponses « serveur occupé » (503, redemandées après Retry-After) / connexions coupées",
          `${variantCounts.busy} / ${variantCounts.cut}`,
        ],
        ["Mémoire résidente du serveur : pic pendant les variantes", `${Math.round(batchPeak)} Mo`],
      ],
    };
  } finally {
    const exited = new Promise((r) => server.once("exit", r));
    server.kill("SIGTERM");
    await exited;
  }
}

/** The section's PostgreSQL column and its date as docs/benchmarks.md has them, for a PGlite-only run. */
function previousPostgres(): { rows: string[]; measured: string } | null {
  const file = "docs/benchmarks.md";
  const text = existsSync(file) ? readFileSync(file, "utf8") : "";
  const section = /## Médiathèque\n([\s\S]*?)(?=\n## |$)/.exec(text)?.[1] ?? "";
  const measured = /(?:Mesuré le|PostgreSQL : mesuré le) (\d\d\/\d\d\/\d{4} \d\d:\d\d:\d\d)/.exec(
    section,
  )?.[1];
  const rows = [...section.matchAll(/^\| (?!Mesure |---).*\| ([^|]*) \|$/gm)].map((m) => (m[1] ?? "").trim());
  return measured && rows.length > 0 ? { rows, measured } : null;
}

async function main() {
  const pgliteOnly = process.argv.includes("--pglite");
  const machine = machineLine();
  const original = await photo(PHOTO_BYTES);
  const kept = pgliteOnly ? previousPostgres() : null;
  if (pgliteOnly && !kept)
    throw new Error("--pglite : pas de colonne PostgreSQL à garder dans docs/benchmarks.md");
  const embedded = await measure(original);
  let postgres: Measured | null = null;
  if (!pgliteOnly) {
    const database = await throwawayDatabase("bench_images");
    try {
      postgres = await measure(original, database.url);
    } finally {
      await database.drop();
    }
  }
  const postgresColumn = postgres ? postgres.rows.map(([, value]) => value) : (kept?.rows ?? []);
  const lines = [
    "",
    pgliteOnly
      ? `PGlite : mesuré le ${machine}, avec \`npm run bench:images -- --pglite\`, build de production. PostgreSQL : mesuré le ${kept?.measured} (colonne reprise de la mesure précédente, avant que PGlite ne range les images en fichiers ; rien n'a changé pour PostgreSQL ; ni la même charge ni le même jour, avant le passage de l'AVIF à l'effort 3 : les durées ne se comparent pas d'une colonne à l'autre). La machine est partagée avec d'autres travaux : les durées sont des majorants.`
      : `Mesuré le ${machine}, avec \`npm run bench:images\`, build de production, sur la base embarquée (PGlite) puis sur PostgreSQL local. La machine est partagée avec d'autres travaux : les durées sont des majorants.`,
    `Photo d'essai : JPEG de ${original.width} × ${original.height} px, ${(original.content.byteLength / 1024 / 1024).toFixed(1)} Mo (bruit : se compresse aussi mal qu'une photo très détaillée). Variantes : largeurs ${variantWidths(original.width).join(", ")} px en AVIF, WebP et JPEG. Le serveur fait au plus 2 images à la fois (sharp, 1 fil chacune), en laisse attendre 8 au plus, 10 s au plus, et répond 503 avec Retry-After au-delà ; les envois passent deux par deux avant la lecture de leur corps.`,
    "",
    "| Mesure | PGlite | PostgreSQL |",
    "| --- | ---: | ---: |",
    ...embedded.rows.map(([label, value], i) => `| ${label} | ${value} | ${postgresColumn[i] ?? "?"} |`),
    "",
    "Sur PGlite, la base tourne dans le fil du serveur : un original de 10 Mo écrit dans la base l'y bloquait plusieurs secondes (et autant de mémoire WebAssembly, jamais rendue), au point de couper des connexions au-delà des 30 s de `REQUEST_TIMEOUT`. Les images y sont donc des fichiers (`DATA_DIR/media`, écrits par le système à côté de la base), la ligne ne gardant que leurs caractéristiques. Sur PostgreSQL elles restent dans la base (toutes les instances les lisent), ou dans `MEDIA_DIR` s'il est donné.",
  ];
  writeBenchmarkSection("Médiathèque", lines);
  console.log(lines.join("\n"));
  // PGlite's cut connections are reported above, not a failure: PostgreSQL is the one that must hold.
  if ((postgres && !postgres.ok) || embedded.rows[0]?.[1]?.startsWith(`${UPLOADS} /`) !== true)
    process.exitCode = 1;
}

await main();
