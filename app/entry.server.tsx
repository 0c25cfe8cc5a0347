import { PassThrough, Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { isPreviewRequest } from "~/features/publishing/index.server";
import { maskSecrets } from "~/platform/http/addresses.server";
import { contentSecurityPolicy, newNonce, nonceSource } from "~/platform/http/csp.server";
import { stylesheetSubsetter, withPageStylesheet } from "~/platform/page-css.server";
import siteCss from "./app.css?inline";

// React Router's default Node entry, plus three changes: no <link rel="modulepreload"> in <head>, a
// public page's inline stylesheet cut down to the rules its HTML uses, and a Content-Security-Policy
// whose nonce React Router puts on each of its inline scripts.
export const streamTimeout = 5_000;

const MODULEPRELOAD = /<link rel="modulepreload"[^>]*>/g;

/** `html` (up to its </head> at least) without the modulepreload links of its head. */
function stripHeadPreloads(html: string): string {
  const end = html.indexOf("</head>");
  return html.slice(0, end).replace(MODULEPRELOAD, "") + html.slice(end);
}

const pageStylesheet = stylesheetSubsetter(siteCss);

/**
 * A public page is sent whole, its inline stylesheet reduced to its own rules (platform/page-css.server.ts):
 * with the stylesheet's 54 KB a phone's first view needed a second round trip of TCP slow start.
 * Its classes are known only once the body is written, after the <head>; the page has no Suspense
 * boundary left to stream, so holding it costs no time to first byte worth having. The console keeps
 * the whole stylesheet inline and streams: its screens open dialogs and sheets of every kind.
 */
function publicDocument(): Transform {
  const decoder = new StringDecoder("utf8");
  let html = "";
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      html += decoder.write(chunk);
      callback();
    },
    flush(callback) {
      html += decoder.end();
      const edited = html.includes("</head>")
        ? withPageStylesheet(stripHeadPreloads(html), pageStylesheet)
        : html;
      callback(null, Buffer.from(edited, "utf8"));
    },
  });
}

/**
 * React hoists React Router's ~25 modulepreload links into <head>, where a phone on a slow network
 * fetches them before it paints: Lighthouse measured FCP 2.4 s with them and 0.8 s without
 * (docs/benchmarks.md). The inline module script at the end of <body> imports the same files,
 * so nothing is lost but the head start; the page is readable sooner and hydrates about as soon.
 */
function withoutHeadPreloads(): Transform {
  const decoder = new StringDecoder("utf8");
  let head = "";
  let inHead = true;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (!inHead) return callback(null, chunk);
      head += decoder.write(chunk);
      if (!head.includes("</head>")) return callback();
      inHead = false;
      const out = stripHeadPreloads(head);
      head = "";
      callback(null, Buffer.from(out, "utf8"));
    },
    flush(callback) {
      callback(null, inHead ? Buffer.from(head + decoder.end(), "utf8") : undefined);
    },
  });
}

/**
 * Every error React Router meets on the server goes to our logger, whose lines mask what visitors
 * typed, query parameters and secret tokens (React Router's default prints it whole to stderr).
 * An answer React Router chose itself (404 of an unknown route, 405 of a POST to a page without an
 * action) is the visitor's doing: one line, no stack. Anything else is ours: an error with its stack.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  const path = new URL(request.url).pathname;
  const logger = (context as Partial<RouterContextProvider> | undefined)?.app?.logger;
  if (!logger) {
    // Only before the load context exists (a broken server set-up): still masked.
    console.error(maskSecrets(`server error on ${path}: ${String(error)}`));
    return;
  }
  if (isRouteErrorResponse(error)) {
    logger.warn(
      { method: request.method, path, status: error.status },
      `request refused: ${error.statusText}`,
    );
    return;
  }
  logger.error({ err: error, method: request.method, path }, "server error");
};

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // 'Aperçu' of a draft: never indexed, never kept by a shared cache (features/publishing/preview.server.ts).
  if (isPreviewRequest(request)) {
    responseHeaders.set("X-Robots-Tag", "noindex, nofollow");
    responseHeaders.set("Cache-Control", "private, no-store");
  }
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  // Vite's development server injects scripts of its own: the policy is for the production build.
  const nonce = import.meta.env.PROD ? newNonce() : undefined;
  if (nonce) responseHeaders.set("Content-Security-Policy", contentSecurityPolicy([nonceSource(nonce)]));

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers get the whole page at once; browsers get it streamed.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          const publicPage = !new URL(request.url).pathname.startsWith("/admin");
          const transformed = body.pipe(publicPage ? publicDocument() : withoutHeadPreloads());
          responseHeaders.set("Content-Type", "text/html");
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(transformed), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors in the shell reject above and are logged by React Router.
          if (shellRendered) {
            const path = new URL(request.url).pathname;
            loadContext.app.logger.error({ err: error, path }, "render error");
          }
        },
      },
    );
  });
}
