import { useDataProvider } from "react-admin";
import type { AdminDataProvider } from "../lib/data-provider.ts";

export function useAdminDataProvider(): AdminDataProvider {
  return useDataProvider<AdminDataProvider>();
}
