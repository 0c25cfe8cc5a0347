import { ChevronDown, GraduationCap, LogOut, Menu, X } from "lucide-react";
import { useId } from "react";
import { Form, Link, NavLink } from "react-router";
import type { NavLink as SiteLink } from "~/features/pages/navigation";
import { ButtonLink, buttonClass } from "~/ui/button";
import { cn } from "~/ui/cn";

export interface HeaderUser {
  email: string;
  firstName: string | null;
  /** Has a role that opens the console. */
  staff: boolean;
}

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    "whitespace-nowrap rounded-md px-2 py-2 text-sm font-medium hover:bg-muted xl:px-3",
    isActive ? "text-primary" : "text-foreground",
  );

const blockLinkClass = (state: { isActive: boolean }) => cn(linkClass(state), "block");

/**
 * Connexion, or the greeting, 'Admin' (staff only) and 'Déconnexion'. `compact` (the desktop header)
 * keeps them on one line with the links from 1024 px: below 1280 px the greeting is left out and
 * 'Déconnexion' is an icon (still named 'Déconnexion').
 */
function AccountActions({
  user,
  className,
  compact = false,
}: {
  user: HeaderUser | null;
  className?: string;
  compact?: boolean;
}) {
  if (!user) {
    return (
      <div className={className}>
        <ButtonLink to="/auth" size="sm">
          Connexion
        </ButtonLink>
      </div>
    );
  }
  return (
    <div className={cn("flex items-center gap-2", className)}>
      <span
        className={cn("max-w-48 truncate text-sm text-muted-foreground", compact && "hidden xl:inline")}
        data-testid="greeting"
      >
        Bonjour, {user.firstName || user.email}
      </span>
      {user.staff ? (
        <ButtonLink to="/admin" size="sm" variant="outline">
          Admin
        </ButtonLink>
      ) : null}
      <Form method="post" action="/auth/deconnexion">
        <button type="submit" className={buttonClass("ghost", "sm")}>
          {compact ? <LogOut aria-hidden="true" className="h-4 w-4 xl:hidden" /> : null}
          <span className={cn(compact && "sr-only xl:not-sr-only")}>Déconnexion</span>
        </button>
      </Form>
    </div>
  );
}

/** The same links on every public page; below 1024 px they fold into a menu. */
export function SiteHeader({
  user,
  centreName,
  logo,
  links,
}: {
  user: HeaderUser | null;
  centreName: string;
  /** headerLinks(): the published pages and the kinds of formation the centre has. */
  links: readonly SiteLink[];
  /** The logo from Paramètres, as markup the server wrote (headerLogoHtml); null: an icon. */
  logo: string | null;
}) {
  const menuId = useId();
  return (
    <header
      data-site-header
      className="sticky top-0 z-40 border-b border-border bg-background/95 backdrop-blur"
    >
      <a
        href="#contenu"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50"
      >
        Aller au contenu
      </a>
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-3 px-4 xl:gap-4">
        <Link
          to="/"
          // On a phone a wide logo and a long name share the row with the menu button: the name wraps
          // onto two lines rather than push the page wider than the screen (360 px).
          className="flex min-w-0 items-center gap-2 font-semibold text-primary lg:shrink-0 lg:whitespace-nowrap lg:text-[0.9375rem] xl:text-base"
        >
          {logo ? (
            // Markup the server wrote from the médiathèque's record (pictureHtml, alt="" beside the name).
            // biome-ignore lint/security/noDangerouslySetInnerHtml: see the comment above.
            <span className="flex shrink-0" dangerouslySetInnerHTML={{ __html: logo }} />
          ) : (
            <GraduationCap aria-hidden="true" className="h-7 w-7 shrink-0" />
          )}
          <span className="min-w-0 leading-tight">{centreName}</span>
        </Link>
        <nav aria-label="Navigation principale" className="hidden lg:block">
          <ul className="flex items-center gap-0.5 xl:gap-1">
            {links.map((link) =>
              link.children ? (
                <li key={link.to} className="group relative">
                  <NavLink to={link.to} className={linkClass}>
                    <span className="inline-flex items-center gap-1">
                      {link.label}
                      <ChevronDown aria-hidden="true" className="h-4 w-4" />
                    </span>
                  </NavLink>
                  <ul className="invisible absolute left-0 top-full min-w-60 rounded-md border border-border bg-background p-2 shadow-lg group-focus-within:visible group-hover:visible">
                    {link.children.map((child) => (
                      <li key={child.to}>
                        <NavLink to={child.to} className={blockLinkClass}>
                          {child.label}
                        </NavLink>
                      </li>
                    ))}
                  </ul>
                </li>
              ) : (
                <li key={link.to}>
                  <NavLink to={link.to} end={link.to === "/"} className={linkClass}>
                    {link.label}
                  </NavLink>
                </li>
              ),
            )}
          </ul>
        </nav>
        <AccountActions user={user} className="hidden shrink-0 lg:flex" compact />
        {/* The phone menu is a popover the browser runs, with or without JavaScript: this button opens
            and closes it and tells assistive technology whether it is open; Escape or a click elsewhere
            closes it and gives the focus back here. */}
        <button type="button" popoverTarget={menuId} className={buttonClass("ghost", "icon", "lg:hidden")}>
          <Menu aria-hidden="true" className="site-menu-closed" />
          <X aria-hidden="true" className="site-menu-open" />
          <span className="sr-only">Menu</span>
        </button>
      </div>
      {/* Placed and drawn in app.css (`site-menu`). A link followed closes it: the header stays on
          screen across navigations. */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useKeyWithClickEvents: the clicks are the links' own (Enter on a link clicks it too). */}
      <div
        id={menuId}
        popover="auto"
        className="site-menu"
        onClick={(event) => {
          if ((event.target as Element).closest("a")) event.currentTarget.hidePopover();
        }}
      >
        <nav aria-label="Navigation mobile" className="mx-auto max-w-7xl px-4 py-3">
          <ul className="flex flex-col gap-1">
            {links.flatMap((link) => [
              <li key={link.to}>
                <NavLink to={link.to} end={link.to === "/"} className={blockLinkClass}>
                  {link.label}
                </NavLink>
              </li>,
              ...(link.children
                ? link.children.map((child) => (
                    <li key={child.to} className="pl-4">
                      <NavLink to={child.to} className={blockLinkClass}>
                        {child.label}
                      </NavLink>
                    </li>
                  ))
                : []),
            ])}
          </ul>
          <AccountActions user={user} className="mt-3 flex flex-wrap border-t border-border pt-3" />
        </nav>
      </div>
    </header>
  );
}
