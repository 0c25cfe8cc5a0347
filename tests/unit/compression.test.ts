import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import { writeReadableStreamToWritable } from "@react-router/node";
import express from "express";
import { afterEach, expect, test } from "vitest";
import { compressionMiddleware } from "~/platform/http/compression.server";

// A large streamed answer (a CSV export, a long console page) goes through compression and React
// Router's writer, which waits for "drain" each time the gzip stream is full and then removes its
// listener. Before the fix every wait left a listener behind on the gzip stream.
const warnings: Error[] = [];
const onWarning = (warning: Error) => warnings.push(warning);
afterEach(() => {
  process.off("warning", onWarning);
  warnings.length = 0;
});

test("a 6 MB streamed answer arrives whole, compressed, without piling up drain listeners", async () => {
  process.on("warning", onWarning);
  // Random bytes do not compress: the gzip stream fills up and asks the writer to wait often.
  const chunks = Array.from({ length: 400 }, () => randomBytes(16 * 1024));
  const app = express();
  app.use(compressionMiddleware());
  app.get("/export.csv", async (_req, res) => {
    res.setHeader("Content-Type", "text/csv; charset=utf-8");
    const pending = [...chunks];
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        const next = pending.shift();
        if (next) controller.enqueue(next);
        else controller.close();
      },
    });
    await writeReadableStreamToWritable(body, res);
  });
  const server = app.listen(0);
  try {
    await new Promise((resolve) => server.once("listening", resolve));
    const { port } = server.address() as AddressInfo;
    const response = await fetch(`http://127.0.0.1:${port}/export.csv`, {
      headers: { "Accept-Encoding": "gzip" },
    });
    expect(response.headers.get("content-encoding")).toBe("gzip");
    // fetch decompresses gzip itself: what it hands over is the original bytes.
    const received = Buffer.from(await response.arrayBuffer());
    expect(received.equals(Buffer.concat(chunks))).toBe(true);
    // Warnings are emitted on the next tick.
    await new Promise((resolve) => setImmediate(resolve));
    expect(warnings.filter((w) => w.name === "MaxListenersExceededWarning")).toEqual([]);
  } finally {
    server.close();
  }
});
