import { lazy, Suspense, useRef, useState, useSyncExternalStore } from "react";
import { Button, ButtonLink, type ButtonSize, type ButtonVariant } from "~/ui/button";

export interface CallbackButtonProps {
  /** Where the request comes from, stored as contact_requests.source (e.g. "callback_home_hero"). */
  source: string;
  /** The course title to prefill (on a course page). */
  formation?: string;
  label?: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
}

const noop = () => () => {};

/** False on the server and during hydration, true afterwards. */
function useHydrated(): boolean {
  return useSyncExternalStore(
    noop,
    () => true,
    () => false,
  );
}

const loadDialog = () => import("./callback-dialog");
const CallbackDialog = lazy(loadDialog);

/**
 * « Être rappelé·e »: a dialog asking name, phone and an optional course, stored as a
 * contact request with callback_requested. Before JavaScript runs (or without it) it is a link to
 * the contact form with the appointment subject, so the button is never dead. The dialog's code is
 * fetched when the visitor points at, focuses or clicks the button.
 */
export function CallbackButton({
  source,
  formation,
  label = "Être rappelé·e",
  variant,
  size,
  className,
}: CallbackButtonProps) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const look = { ...(variant ? { variant } : {}), ...(size ? { size } : {}), className };

  if (!hydrated) {
    // The contact page resolves a course title as well as a slug: the course list stays out of
    // this button's chunk, which every course page and the home page load.
    const course = formation ? `&formation=${encodeURIComponent(formation)}` : "";
    return (
      <ButtonLink to={`/contact?sujet=rdv${course}#formulaire`} {...look}>
        {label}
      </ButtonLink>
    );
  }

  return (
    <>
      <Button
        ref={button}
        {...look}
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        onClick={() => {
          setMounted(true);
          setOpen(true);
        }}
      >
        {label}
      </Button>
      {mounted ? (
        <Suspense fallback={null}>
          <CallbackDialog
            open={open}
            onOpenChange={setOpen}
            source={source}
            formation={formation}
            returnFocus={button}
          />
        </Suspense>
      ) : null}
    </>
  );
}
