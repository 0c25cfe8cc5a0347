import { z } from "zod";
import { ROLES } from "./permissions";

export const setRoleSchema = z.object({
  userId: z.string().trim().min(1, "Utilisateur invalide").max(100),
  role: z.enum([...ROLES, "none"], { error: "Rôle invalide" }),
});
