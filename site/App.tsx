import { useRoutes } from "react-router";
import { ROUTER_ROUTES } from "./route-table.tsx";

export function App() {
  return useRoutes(ROUTER_ROUTES);
}
