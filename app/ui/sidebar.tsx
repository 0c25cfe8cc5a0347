import { PanelLeft, X } from "lucide-react";
import { Dialog as D } from "radix-ui";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from "react";
import { cn } from "./cn";
import { TooltipProvider } from "./tooltip";

/** shadcn/ui's sidebar contract: widths, shortcut, cookie and breakpoint. */
export const SIDEBAR_COOKIE = "sidebar_state";
export const SIDEBAR_COOKIE_MAX_AGE = 60 * 60 * 24 * 7;
const MOBILE_QUERY = "(max-width: 767px)";
const SHORTCUT = "b";

/** Reads the cookie on the server so the first HTML already has the right width (no flash). */
export function sidebarOpenFromCookie(cookieHeader: string | null): boolean {
  const match = /(?:^|;\s*)sidebar_state=(true|false)/.exec(cookieHeader ?? "");
  return match ? match[1] === "true" : true;
}

interface SidebarState {
  open: boolean;
  openMobile: boolean;
  setOpenMobile: (open: boolean) => void;
  toggle: () => void;
}

const SidebarContext = createContext<SidebarState | null>(null);

export function useSidebar(): SidebarState {
  const state = useContext(SidebarContext);
  if (!state) throw new Error("useSidebar outside SidebarProvider");
  return state;
}

export function SidebarProvider({ defaultOpen, children }: { defaultOpen: boolean; children: ReactNode }) {
  const [open, setOpen] = useState(defaultOpen);
  const [openMobile, setOpenMobile] = useState(false);

  const toggle = useCallback(() => {
    if (window.matchMedia(MOBILE_QUERY).matches) {
      setOpenMobile((value) => !value);
      return;
    }
    setOpen((value) => {
      const next = !value;
      // biome-ignore lint/suspicious/noDocumentCookie: a plain cookie the server reads; no Cookie Store API in every browser yet.
      document.cookie = `${SIDEBAR_COOKIE}=${next}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE}; samesite=lax`;
      return next;
    });
  }, []);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() === SHORTCUT && (event.ctrlKey || event.metaKey) && !event.altKey) {
        event.preventDefault();
        toggle();
      }
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [toggle]);

  const value = useMemo(() => ({ open, openMobile, setOpenMobile, toggle }), [open, openMobile, toggle]);
  return (
    <SidebarContext.Provider value={value}>
      <TooltipProvider delayDuration={0}>{children}</TooltipProvider>
    </SidebarContext.Provider>
  );
}

/**
 * From 768 px: a column of 16 rem, or 3 rem of icons when collapsed. Below: a slide-in panel of
 * 18 rem. `children(collapsed)` renders the content for either.
 */
export function Sidebar({ label, children }: { label: string; children: (collapsed: boolean) => ReactNode }) {
  const { open, openMobile, setOpenMobile } = useSidebar();
  return (
    <>
      <aside
        aria-label={label}
        data-state={open ? "expanded" : "collapsed"}
        data-testid="sidebar"
        className={cn(
          "sticky top-0 hidden h-screen shrink-0 flex-col border-r border-border bg-sidebar transition-[width] duration-200 md:flex",
          open ? "w-[16rem]" : "w-[3rem]",
        )}
      >
        {children(!open)}
      </aside>
      <D.Root open={openMobile} onOpenChange={setOpenMobile}>
        <D.Portal>
          <D.Overlay className="fixed inset-0 z-50 bg-black/50 md:hidden" />
          <D.Content
            data-testid="sidebar-mobile"
            aria-describedby={undefined}
            className="fixed inset-y-0 left-0 z-50 flex w-[18rem] max-w-[85vw] flex-col bg-sidebar shadow-lg md:hidden"
          >
            <D.Title className="sr-only">{label}</D.Title>
            <D.Close
              className="absolute right-2 top-2 rounded-sm p-2 opacity-70 hover:opacity-100"
              aria-label="Fermer le menu"
            >
              <X aria-hidden="true" className="h-4 w-4" />
            </D.Close>
            {children(false)}
          </D.Content>
        </D.Portal>
      </D.Root>
    </>
  );
}

export function SidebarTrigger({ className }: { className?: string }) {
  const { toggle, open } = useSidebar();
  return (
    <button
      type="button"
      onClick={toggle}
      aria-label="Afficher ou masquer le menu (Ctrl+B)"
      aria-expanded={open}
      data-testid="sidebar-trigger"
      className={cn("inline-flex h-9 w-9 items-center justify-center rounded-md hover:bg-muted", className)}
    >
      <PanelLeft aria-hidden="true" className="h-5 w-5" />
    </button>
  );
}
