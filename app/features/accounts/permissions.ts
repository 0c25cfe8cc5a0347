// Who may do what in the console: the one matrix of role → permissions. The server checks it in every
// console loader and action (requirePermission, consoleAction); the console hides or disables the
// controls with the same `can()`. docs/permissions.md shows this table, and a test keeps it equal.
// No zod, no UI, no server import: both the server and the browser bundle read this file.

/** The staff roles, one per user (the user_roles row). Anyone without one sees 'Accès refusé'. */
export const ROLES = ["admin", "moderator"] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Readonly<Record<Role, string>> = {
  admin: "Administrateur",
  moderator: "Modérateur",
};

/** Every permission, with what it lets a staff member do (the doc table shows this text). */
export const PERMISSION_DESCRIPTIONS = {
  "console:access": "Entrer dans la console, voir le tableau de bord",
  "formations:write": "Créer, modifier, supprimer des formations",
  "articles:write": "Créer, modifier, supprimer des articles",
  "testimonials:write": "Créer, modifier, supprimer des témoignages",
  "media:write": "Envoyer, décrire, remplacer, supprimer des images de la médiathèque",
  "pages:write": "Modifier les textes des pages du site (Pages)",
  "content:publish":
    "Publier, dépublier, programmer une formation, un article ou une page, abandonner un brouillon, restaurer une version",
  "contacts:read": "Lire les demandes de contact",
  "contacts:write": "Changer le statut d'une demande",
  "contacts:export": "Exporter les demandes en CSV",
  "contacts:erase": "Effacer une demande (droit à l'effacement)",
  "users:read": "Voir les utilisateurs et leurs rôles",
  "users:manage": "Attribuer ou retirer un rôle",
  "settings:read": "Voir les paramètres",
  "settings:write": "Modifier les paramètres",
  "statistics:read": "Voir les statistiques",
  "bpf:read": "Voir le bilan pédagogique et financier et la liste des stagiaires de chaque chiffre",
  "audit:read": "Lire le journal d'activité",
  "calendar:read": "Voir le calendrier des sessions",
  "calendar:feed": "Régénérer le lien de son propre abonnement iCalendar",
  "sessions:write": "Créer, modifier, supprimer des sessions",
  "timetable:write": "Saisir et générer le planning d'une session (créneaux, formateur, lieu)",
  "trainers:read": "Voir le registre des formateurs, leurs documents et ceux à renouveler",
  "trainers:write":
    "Ajouter, modifier, désactiver un formateur ou une formatrice, déposer ou retirer ses documents",
  "applications:read": "Lire les candidatures",
  "applications:write": "Traiter une candidature (statut, notes)",
  "applications:erase": "Effacer une candidature (droit à l'effacement)",
  "learners:read": "Voir les stagiaires des sessions",
  "learners:write": "Ajouter, importer et suivre les stagiaires (statut, certification)",
  "learners:export": "Exporter les stagiaires en CSV",
  "learners:erase": "Effacer un·e stagiaire (droit à l'effacement)",
  "documents:generate":
    "Générer l'aperçu des documents d'un·e stagiaire (convocation, convention ou contrat, attestation de fin de formation, certificat de réalisation)",
  "documents:send":
    "Générer et envoyer par e-mail les documents d'un·e stagiaire (convocation, convention ou contrat, attestation de fin de formation, certificat de réalisation), déposer la copie signée d'une convention ou d'un contrat, archiver un document",
  "signatures:request":
    "Demander la signature en ligne d'une convention ou d'un contrat de formation, suivre et vérifier les signatures, annuler une demande",
  "signatures:sign": "Signer en ligne une convention ou un contrat de formation au nom du centre",
  "attendance:sign":
    "Ouvrir la page d'émargement d'un créneau : faire signer les stagiaires, contresigner, donner ou envoyer par e-mail les liens personnels, noter une absence ou un retard",
  "attendance:correct":
    "Corriger l'émargement d'un·e stagiaire (nouvelle saisie journalisée, l'ancienne reste)",
  "attendance:download": "Télécharger la feuille d'émargement d'une session (PDF)",
  "complaints:read": "Lire le registre des réclamations",
  "complaints:write": "Traiter une réclamation (statut, réponse à l'auteur, action corrective)",
  "complaints:erase": "Effacer les données personnelles d'une réclamation (droit à l'effacement)",
  "quality:read": "Voir le tableau Qualiopi et télécharger le dossier de preuves",
  "quality:write": "Tenir les registres Qualiopi (améliorations, veille, partenaires handicap)",
  "surveys:read": "Voir les questionnaires, les envois et les réponses aux enquêtes",
  "surveys:write": "Créer et modifier les questionnaires et leurs questions",
  "surveys:send": "Envoyer un questionnaire maintenant (stagiaires d'une session, liste d'adresses)",
  "surveys:export": "Exporter les réponses aux enquêtes en CSV",
  "invoices:read":
    "Voir les financeurs, les plans de financement, les devis, les factures, les avoirs et l'encours",
  "invoices:write":
    "Tenir le registre des financeurs, les plans de financement, rédiger les devis et les brouillons de facture",
  "invoices:issue": "Émettre une facture (numéro définitif) ou un avoir, envoyer les factures par e-mail",
  "payments:write": "Enregistrer ou retirer un règlement reçu",
  "invoices:export": "Exporter le journal des ventes (CSV) et les factures d'une période (ZIP)",
  "spaces:invite":
    "Inviter un·e stagiaire, le contact d'un financeur ou un·e formateur·rice dans son espace personnel, renvoyer l'invitation",
  "demo:remove": "Supprimer les données de démonstration",
} as const;

export type Permission = keyof typeof PERMISSION_DESCRIPTIONS;
export const PERMISSIONS = Object.keys(PERMISSION_DESCRIPTIONS) as Permission[];

/**
 * Moderators run the day-to-day content and leads; what exports or destroys personal data, changes
 * who has access, or changes the centre's settings stays with administrators.
 *
 * Publishing (`content:publish`) is an administrator's, on purpose: a moderator writes formations,
 * articles and pages, and an edit of a published one is a draft that visitors do not see; what the
 * public site says (the catalogue a Qualiopi auditor, a funder's Lhéo import and a candidate read)
 * goes live when an administrator has looked at it ('Aperçu') and pressed 'Publier'. A centre that
 * wants its moderators to publish adds the permission here, and to docs/permissions.md.
 */
const MODERATOR: readonly Permission[] = [
  "console:access",
  "formations:write",
  "articles:write",
  "testimonials:write",
  // The pictures of the formations and articles they edit.
  "media:write",
  "pages:write",
  "contacts:read",
  "contacts:write",
  "users:read",
  "settings:read",
  "statistics:read",
  // The BPF's lists name learners, as Stagiaires does; their CSV needs learners:export.
  "bpf:read",
  "calendar:read",
  // Each staff member's own feed link: regenerating it changes nothing anyone else sees.
  "calendar:feed",
  "sessions:write",
  "timetable:write",
  // The register they plan with (who teaches, their qualifications and documents). Keeping it is the
  // administrators': it holds people's contracts and diplomas, and the qualifications the agreements print.
  "trainers:read",
  "applications:read",
  "applications:write",
  "learners:read",
  "learners:write",
  "documents:generate",
  "documents:send",
  // They ask for and follow online signatures; signing in the centre's name stays with administrators.
  "signatures:request",
  // Staff and trainers run the signing of each slot; correcting what was recorded (evidence shown to
  // funders and auditors) stays with administrators.
  "attendance:sign",
  "attendance:download",
  "complaints:read",
  "complaints:write",
  "surveys:read",
  "surveys:write",
  "surveys:send",
  // The Qualiopi board is read by whoever reads the statistics; its registers are kept by whoever
  // handles the complaints (the improvement actions answer them).
  "quality:read",
  "quality:write",
  // They prepare the money (payers, plans, quotes, drafts); an invoice's number, a credit note, a
  // payment and the accountant's exports are the administrators': each is a legal record.
  "invoices:read",
  "invoices:write",
  // An invitation opens a person's own space to them, nothing more: the staff who admit and follow them.
  "spaces:invite",
];

export const ROLE_PERMISSIONS: Readonly<Record<Role, readonly Permission[]>> = {
  admin: PERMISSIONS,
  moderator: MODERATOR,
};

/**
 * Permissions renamed to the glossary's word, old name → new. Nothing stores a permission (a user has
 * a role, and the roles' permissions are this file), but a centre's own code or notes may still say
 * the old name: `can()` answers for it as for the new one. Entries stay.
 */
export const RENAMED_PERMISSIONS = {
  "blog:write": "articles:write",
} as const satisfies Record<string, Permission>;

export type RenamedPermission = keyof typeof RENAMED_PERMISSIONS;

/** The permission's current name (an old one answers as its new one). */
export function currentPermission(permission: Permission | RenamedPermission): Permission {
  return Object.hasOwn(RENAMED_PERMISSIONS, permission)
    ? RENAMED_PERMISSIONS[permission as RenamedPermission]
    : (permission as Permission);
}

/** Whether `role` (null: signed in without a role, or signed out) holds `permission`. */
export function can(role: Role | null | undefined, permission: Permission | RenamedPermission): boolean {
  return role ? ROLE_PERMISSIONS[role].includes(currentPermission(permission)) : false;
}

/** The tooltip of a control shown disabled because the role lacks its permission. */
export const ADMIN_ONLY = "Réservé aux administrateurs";
