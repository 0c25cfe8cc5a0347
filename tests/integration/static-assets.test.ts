// Scripts and styles go out as the build compressed them (Brotli to browsers that take it, gzip to
// the others, plain to a client that asks for neither), byte for byte the file the page references.
import { readdirSync, readFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { productionBuild } from "../support/build";
import { DRIVER } from "../support/db";
import { setUpHttpApp } from "../support/fixture";

// Read while the file is collected: the build must be up to date before then.
await productionBuild();
const assets = path.resolve(process.env.BUILD_DIR ?? "build", "client/assets");
// React, React DOM and React Router: the largest script every page loads.
const framework = readdirSync(assets).find((f) => /^framework-.*\.js$/.test(f));
const original = framework ? readFileSync(path.join(assets, framework)) : Buffer.alloc(0);

const t = setUpHttpApp();

/** The raw answer (no client-side decoding), as a browser's network layer receives it. */
function get(file: string, headers: Record<string, string>, method = "GET") {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
    (resolve, reject) => {
      const request = http.request(`${t.base}/assets/${file}`, { method, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
      });
      request.on("error", reject);
      request.end();
    },
  );
}

describe(`precompressed scripts on ${DRIVER}`, () => {
  it("finds the framework chunk of the build", () => {
    expect(framework).toBeDefined();
    expect(original.length).toBeGreaterThan(100_000);
  });

  it("sends Brotli to a browser that takes it (Chromium's header), decoding to the very file", async () => {
    const answer = await get(framework as string, { "accept-encoding": "gzip, deflate, br, zstd" });
    expect(answer.status).toBe(200);
    expect(answer.headers["content-encoding"]).toBe("br");
    expect(answer.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(answer.headers.vary).toMatch(/Accept-Encoding/i);
    expect(answer.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(brotliDecompressSync(answer.body).equals(original)).toBe(true);
    // Compressed once at the highest level: smaller than gzip at its default level, what the budget counts.
    expect(answer.body.length).toBeLessThan(gzipSync(original).length);
  });

  it("sends gzip to a client that refuses Brotli or only knows gzip", async () => {
    for (const accept of ["gzip", "br;q=0, gzip"]) {
      const answer = await get(framework as string, { "accept-encoding": accept });
      expect(answer.headers["content-encoding"]).toBe("gzip");
      expect(gunzipSync(answer.body).equals(original)).toBe(true);
    }
  });

  it("sends the plain file to a client that accepts no encoding, and answers HEAD without a body", async () => {
    const plain = await get(framework as string, { "accept-encoding": "identity" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.equals(original)).toBe(true);
    const head = await get(framework as string, { "accept-encoding": "br" }, "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers["content-encoding"]).toBe("br");
    expect(head.body.length).toBe(0);
  });

  it("answers a browser that revalidates its copy with 304 and no body", async () => {
    const first = await get(framework as string, { "accept-encoding": "br" });
    expect(first.headers.etag).toBeDefined();
    expect(first.headers["last-modified"]).toBeDefined();
    const again = await get(framework as string, {
      "accept-encoding": "br",
      "if-none-match": first.headers.etag as string,
    });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    const since = await get(framework as string, {
      "accept-encoding": "br",
      "if-modified-since": first.headers["last-modified"] as string,
    });
    expect(since.status).toBe(304);
  });

  it("answers 404 for an unknown script or a path out of the assets folder", async () => {
    const missing = await get("framework-inexistant.js", { "accept-encoding": "br" });
    expect(missing.status).toBe(404);
    const outside = await get("..%2F..%2Fpackage.json", { "accept-encoding": "br" });
    expect(outside.status).toBe(404);
  });
});
