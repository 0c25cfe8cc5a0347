import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import siteCssUrl from "./app.css?url";

/**
 * A public page's inline stylesheet has only the rules of its own HTML (`data-subset`, written by
 * entry.server.tsx). Anything React renders next (another page, a dialog, the phone menu, a toast)
 * may need any other rule: the whole stylesheet (the same rules, in the same order, so the cascade
 * is unchanged) is linked, and the page hydrates once it has arrived, so that nothing is ever drawn
 * unstyled. A failed fetch hydrates all the same, and so does one still pending after 5 s (a stalled
 * connection may take a minute to fail): the page works, a later part may look plain. The file is
 * hashed and kept a year: every page after the first finds it cached.
 */
function wholeStylesheet(): Promise<void> {
  if (!document.querySelector("style#site-css[data-subset]")) return Promise.resolve();
  return new Promise((resolve) => {
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = siteCssUrl;
    link.onload = () => resolve();
    link.onerror = () => resolve();
    document.head.append(link);
    setTimeout(resolve, 5_000);
  });
}

wholeStylesheet().then(() => {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
});
