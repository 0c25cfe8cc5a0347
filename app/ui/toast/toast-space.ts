/**
 * On a phone no place on the screen is free of actions: under the header, a dashboard has its first
 * buttons; at the bottom, a long form its save button. So there, while a toast shows, the sticky
 * header grows by the toast's height and the toast sits in that band: the page below moves down
 * instead of being covered. `--toast-space` (app/app.css) is the band's height; wider screens keep
 * their free strip under the header and never set it.
 */
const PHONE = "(max-width: 600px)";
/** Room left between the toast and the header's bottom border. */
const MARGIN_PX = 8;

export function reserveToastSpace(toaster: HTMLElement): () => void {
  const root = document.documentElement;
  const phone = window.matchMedia(PHONE);
  const release = () => {
    root.style.removeProperty("--toast-space");
    root.style.removeProperty("overflow-anchor");
  };
  // Measured at once on each change (a few boxes): the page has moved before anything else reads it.
  const measure = () => {
    const toasts = toaster.querySelectorAll<HTMLElement>("[data-sonner-toast]");
    const header = document.querySelector<HTMLElement>("[data-site-header], [data-console-header]");
    if (!phone.matches || toasts.length === 0 || !header) {
      release();
      return;
    }
    // The header's bottom without the band it already has, then the toasts' lowest edge as drawn.
    const band = Number.parseFloat(root.style.getPropertyValue("--toast-space")) || 0;
    const headerBottom = header.getBoundingClientRect().bottom - band;
    let lowest = headerBottom;
    for (const toast of toasts) lowest = Math.max(lowest, toast.getBoundingClientRect().bottom);
    root.style.setProperty("--toast-space", `${Math.ceil(lowest - headerBottom + MARGIN_PX)}px`);
    // On a scrolled page the browser's scroll anchoring would keep the content still, so the grown
    // header would cover it: without it, the content moves down as it does at the top of the page.
    root.style.overflowAnchor = "none";
  };
  // A toast added, removed or stacked changes attributes and children; its slide in ends a transition.
  const mutations = new MutationObserver(measure);
  mutations.observe(toaster, { childList: true, subtree: true, attributes: true });
  toaster.addEventListener("transitionend", measure);
  phone.addEventListener("change", measure);
  measure();
  return () => {
    mutations.disconnect();
    toaster.removeEventListener("transitionend", measure);
    phone.removeEventListener("change", measure);
    release();
  };
}
