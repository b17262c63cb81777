import type { ReactNode } from "react";
import { render } from "@testing-library/react";
import { AdminContext, memoryStore, testDataProvider, type DataProvider } from "react-admin";
import type { AdminDataProvider } from "../lib/data-provider.ts";

// What the browser loads on demand (screens, custom inputs) is loaded with the test file here, so
// that its first transform is not counted against a test's timeouts.
import.meta.glob(["../components/ResourceList.tsx", "../components/inputs/*.tsx", "../resources/*/*.tsx", "../activity/ActivityPage.tsx", "../team/TeamPage.tsx", "../security/SecurityPage.tsx", "!**/*.test.tsx"], { eager: true });

/**
 * A data provider for component tests: every call pending or resolved as the test says. Component
 * tests cover forms and states; data behaviour is tested against the real local backend.
 */
export function stubDataProvider(overrides: Partial<AdminDataProvider> = {}): AdminDataProvider {
  const base = testDataProvider({
    getList: () => Promise.resolve({ data: [], total: 0 }),
    getOne: (_resource, { id }) => Promise.resolve({ data: { id } }),
    ...(overrides as Partial<DataProvider>),
  } as Partial<DataProvider>) as DataProvider;
  return {
    ...base,
    rpc: () => Promise.resolve(true as never),
    ...overrides,
  } as AdminDataProvider;
}

export function renderInAdmin(ui: ReactNode, dataProvider: AdminDataProvider = stubDataProvider()) {
  return render(
    <AdminContext dataProvider={dataProvider} store={memoryStore()}>
      {ui}
    </AdminContext>,
  );
}
