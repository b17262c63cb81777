import { useRoutes } from "react-router";
import { SITE_ROUTES } from "./route-objects.tsx";

export function App() {
  return useRoutes(SITE_ROUTES);
}
