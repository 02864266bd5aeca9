import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "react-router";
import { ServerRouter } from "react-router";
import { errorSummary } from "~/lib/error-summary";
import { NonceProvider } from "~/lib/nonce";
import { isDocumentForVisitors } from "~/lib/page-mode";

/**
 * Unexpected errors from loaders, actions and rendering: the log gets where (method and path, never the query
 * string) and what kind (name, code, stack frames), never the error's message, which for a failed query holds
 * its parameters: what a family typed, a child's name, a phone number.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  const frames =
    error instanceof Error && error.stack
      ? error.stack
          .split("\n")
          .filter((l) => l.trimStart().startsWith("at "))
          .slice(0, 8)
          .join("\n")
      : "";
  console.error(`${request.method} ${new URL(request.url).pathname} failed: ${errorSummary(error)}${frames ? `\n${frames}` : ""}`);
};

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce;
  // A visitor's content page is the same for every visitor: the server may keep it (server/page-cache.ts).
  const { matches, loaderData } = routerContext.staticHandlerContext;
  const leafId = matches.at(-1)?.route.id;
  if (leafId && isDocumentForVisitors(routerContext.routeModules[leafId]?.handle, loaderData["root"])) {
    responseHeaders.set("X-Visitor-Document", "1");
  }
  return new Promise((resolve, reject) => {
    // Every page is sent whole, never as a shell with parts streamed in later: those parts are put in place by
    // inline scripts, and the site must work before (or without) JavaScript. Loaders have finished by now.
    // React's output is gathered into one buffer and answered as one body: piped on through a stream, each of React's
    // 4 KB pieces went through a PassThrough, a web stream and the compressor on its own (decision 0088's second
    // addendum: about 3 % less processor time and 70 KB less allocated a page).
    let allReady = false;
    const chunks: Buffer[] = [];
    const page = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
    });
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        // Never move a finished part of the page out of place to be put back by script (see above).
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onAllReady() {
          allReady = true;
          page.on("finish", () => {
            clearTimeout(timeout);
            responseHeaders.set("Content-Type", "text/html; charset=utf-8");
            resolve(new Response(Buffer.concat(chunks), { headers: responseHeaders, status: responseStatusCode }));
          });
          page.on("error", reject);
          pipe(page);
        },
        onShellError(error: unknown) {
          clearTimeout(timeout);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (allReady) console.error(`rendering failed: ${errorSummary(error)}`);
        },
      },
    );
    const timeout = setTimeout(abort, streamTimeout + 1000);
  });
}
