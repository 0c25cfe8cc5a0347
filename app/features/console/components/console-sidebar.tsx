import {
  ArrowLeft,
  BarChart3,
  BookOpen,
  Calendar,
  ClipboardCheck,
  FileSpreadsheet,
  Files,
  FileText,
  GraduationCap,
  History,
  Images,
  Landmark,
  LayoutDashboard,
  LogOut,
  type LucideIcon,
  MessageSquareQuote,
  MessageSquareWarning,
  Presentation,
  Receipt,
  School,
  ScrollText,
  Settings,
  ShieldCheck,
  UserCog,
  Users,
  Wallet,
} from "lucide-react";
import { Form, Link, NavLink } from "react-router";
import { useCan } from "~/features/accounts";
import { cn } from "~/ui/cn";
import { Sidebar, useSidebar } from "~/ui/sidebar";
import { Tooltip } from "~/ui/tooltip";

interface NavItem {
  to: string;
  label: string;
  icon: LucideIcon;
  end?: boolean;
}

/** The console menu, in the order staff work through it: what the site publishes first. */
const MAIN: NavItem[] = [
  { to: "/admin", label: "Tableau de bord", icon: LayoutDashboard, end: true },
  { to: "/admin/formations", label: "Formations", icon: GraduationCap },
  { to: "/admin/articles", label: "Articles", icon: BookOpen },
  { to: "/admin/temoignages", label: "Témoignages", icon: MessageSquareQuote },
  { to: "/admin/mediatheque", label: "Médiathèque", icon: Images },
  { to: "/admin/pages", label: "Pages", icon: Files },
  { to: "/admin/statistiques", label: "Statistiques", icon: BarChart3 },
];

/**
 * The day-to-day work with people: candidates, learners, trainers, surveys, leads, complaints, the
 * Qualiopi board and its registers, the calendar.
 */
const GESTION: NavItem[] = [
  { to: "/admin/candidatures", label: "Candidatures", icon: FileText },
  { to: "/admin/stagiaires", label: "Stagiaires", icon: School },
  { to: "/admin/formateurs", label: "Formateurs", icon: Presentation },
  { to: "/admin/enquetes", label: "Enquêtes", icon: ClipboardCheck },
  { to: "/admin/contacts", label: "Contacts", icon: Users },
  { to: "/admin/reclamations", label: "Réclamations", icon: MessageSquareWarning },
  { to: "/admin/qualiopi", label: "Qualiopi", icon: ShieldCheck },
  { to: "/admin/calendrier", label: "Calendrier", icon: Calendar },
];

/**
 * The centre's money, each entry for the roles holding its permission: the payers' register, the
 * invoices and credit notes, the quotes, what the payers owe, what the accountant receives.
 */
const BILLING: (NavItem & { permission: "invoices:read" | "invoices:export" })[] = [
  { to: "/admin/financeurs", label: "Financeurs", icon: Landmark, permission: "invoices:read" },
  { to: "/admin/factures", label: "Factures", icon: Receipt, permission: "invoices:read" },
  { to: "/admin/devis", label: "Devis", icon: ScrollText, permission: "invoices:read" },
  { to: "/admin/encours", label: "Encours", icon: Wallet, permission: "invoices:read" },
  {
    to: "/admin/exports-comptables",
    label: "Exports comptables",
    icon: FileSpreadsheet,
    permission: "invoices:export",
  },
];

/** Who may do what, the centre's settings, and the record of what was done. */
const CONFIGURATION: NavItem[] = [
  { to: "/admin/utilisateurs", label: "Utilisateurs", icon: UserCog },
  { to: "/admin/parametres", label: "Paramètres", icon: Settings },
  { to: "/admin/journal", label: "Journal d'activité", icon: History },
];

const itemClass = (collapsed: boolean) =>
  cn(
    "flex h-9 items-center gap-3 rounded-md text-sm font-medium hover:bg-muted",
    collapsed ? "w-9 justify-center" : "w-full px-2",
  );

function ItemLink({ item, collapsed }: { item: NavItem; collapsed: boolean }) {
  const { setOpenMobile } = useSidebar();
  const Icon = item.icon;
  return (
    <li>
      <Tooltip content={item.label} disabled={!collapsed}>
        <NavLink
          to={item.to}
          end={item.end}
          prefetch="intent"
          aria-label={collapsed ? item.label : undefined}
          onClick={() => setOpenMobile(false)}
          // A plain string, styled by NavLink's aria-current: the collapsed menu's tooltip trigger
          // (Radix Slot) merges class names as strings and would drop a className function.
          className={cn(
            itemClass(collapsed),
            "aria-[current=page]:bg-secondary aria-[current=page]:text-secondary-foreground",
          )}
        >
          <Icon aria-hidden="true" className="h-4 w-4 shrink-0" />
          {collapsed ? null : <span className="truncate">{item.label}</span>}
        </NavLink>
      </Tooltip>
    </li>
  );
}

function Group({ label, items, collapsed }: { label?: string; items: NavItem[]; collapsed: boolean }) {
  return (
    <div className="px-2 py-2">
      {label && !collapsed ? (
        <p className="px-2 pb-1 text-xs font-medium text-muted-foreground">{label}</p>
      ) : null}
      <ul className="flex flex-col gap-1" aria-label={label}>
        {items.map((item) => (
          <ItemLink key={item.to} item={item} collapsed={collapsed} />
        ))}
      </ul>
    </div>
  );
}

export interface SidebarUser {
  firstName: string | null;
  lastName: string | null;
  email: string;
}

/** Before Paramètres names the centre (or when its name cannot be read): nothing invented. */
export const UNNAMED_CENTRE = "Console";

function Content({
  user,
  centreName,
  collapsed,
}: {
  user: SidebarUser;
  centreName: string;
  collapsed: boolean;
}) {
  const canReadAudit = useCan("audit:read");
  const canReadApplications = useCan("applications:read");
  const canReadLearners = useCan("learners:read");
  const canReadComplaints = useCan("complaints:read");
  const billingAllowed = {
    "invoices:read": useCan("invoices:read"),
    "invoices:export": useCan("invoices:export"),
  };
  const billing = BILLING.filter((item) => billingAllowed[item.permission]);
  const fullName = [user.firstName, user.lastName].filter(Boolean).join(" ");
  return (
    <>
      <div
        className={cn("flex h-14 items-center border-b border-border", collapsed ? "justify-center" : "px-4")}
      >
        <Link
          to="/admin"
          className="flex items-center gap-2 font-semibold"
          aria-label="Console, tableau de bord"
        >
          <GraduationCap aria-hidden="true" className="h-5 w-5 text-primary" />
          {collapsed ? null : (
            <span data-testid="console-centre-name">{centreName.trim() || UNNAMED_CENTRE}</span>
          )}
        </Link>
      </div>
      <nav aria-label="Console" className="flex-1 overflow-y-auto">
        <Group items={MAIN} collapsed={collapsed} />
        <Group
          label="Gestion"
          // Applications, learners and complaints hold personal data: only roles that may read them see the entries.
          items={GESTION.filter(
            (item) =>
              (canReadApplications || item.to !== "/admin/candidatures") &&
              (canReadLearners || item.to !== "/admin/stagiaires") &&
              (canReadComplaints || item.to !== "/admin/reclamations"),
          )}
          collapsed={collapsed}
        />
        {/* Payers, invoices and payments are for the roles that may read them. */}
        {billing.length ? <Group label="Facturation" items={billing} collapsed={collapsed} /> : null}
        <Group
          label="Configuration"
          // The activity log is for administrators: others do not see the entry.
          items={canReadAudit ? CONFIGURATION : CONFIGURATION.filter((item) => item.to !== "/admin/journal")}
          collapsed={collapsed}
        />
      </nav>
      <div className="border-t border-border p-2">
        {collapsed ? null : (
          <div className="px-2 pb-2 text-sm" data-testid="sidebar-user">
            <p className="truncate font-medium">{fullName || user.email}</p>
            <p className="truncate text-xs text-muted-foreground">{user.email}</p>
          </div>
        )}
        <ul className="flex flex-col gap-1">
          <li>
            <Tooltip content="Retour au site" disabled={!collapsed}>
              <Link
                to="/"
                className={itemClass(collapsed)}
                aria-label={collapsed ? "Retour au site" : undefined}
              >
                <ArrowLeft aria-hidden="true" className="h-4 w-4 shrink-0" />
                {collapsed ? null : "Retour au site"}
              </Link>
            </Tooltip>
          </li>
          <li>
            <Form method="post" action="/auth/deconnexion">
              <Tooltip content="Déconnexion" disabled={!collapsed}>
                <button
                  type="submit"
                  className={cn(itemClass(collapsed), "cursor-pointer")}
                  aria-label={collapsed ? "Déconnexion" : undefined}
                >
                  <LogOut aria-hidden="true" className="h-4 w-4 shrink-0" />
                  {collapsed ? null : "Déconnexion"}
                </button>
              </Tooltip>
            </Form>
          </li>
        </ul>
      </div>
    </>
  );
}

/** The console's sidebar, headed by the centre's name from Paramètres. */
export function AdminSidebar({ user, centreName }: { user: SidebarUser; centreName: string }) {
  return (
    <Sidebar label="Menu de la console">
      {(collapsed) => <Content user={user} centreName={centreName} collapsed={collapsed} />}
    </Sidebar>
  );
}
