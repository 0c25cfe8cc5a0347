import { z } from "zod";

export const ROLE_LABELS = { admin: "Administrateur", moderator: "Modérateur" } as const;

export const setRoleSchema = z.object({
  userId: z.string().trim().min(1, "Utilisateur invalide").max(100),
  role: z.enum(["admin", "moderator", "none"], { error: "Rôle invalide" }),
});
