import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  layout("routes/site/layout.tsx", [
    index("routes/site/home.tsx"),
    route("auth", "routes/site/auth.tsx"),
    route("auth/mot-de-passe-oublie", "routes/site/forgot-password.tsx"),
    route("auth/nouveau-mot-de-passe", "routes/site/reset-password.tsx"),
    route("*", "routes/site/not-found.tsx"),
  ]),
  route("auth/verifie", "routes/site/email-verified.ts"),
  route("auth/deconnexion", "routes/site/sign-out.ts"),
  route("api/auth/*", "routes/api/auth.ts"),
] satisfies RouteConfig;
