import { useRoutes } from "react-router";
import { SITE_ROUTES } from "./routes.tsx";

export function App() {
  return useRoutes(SITE_ROUTES);
}
