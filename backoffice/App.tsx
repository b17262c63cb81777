import { Admin, Datagrid, List, NumberField, Resource, TextField, BooleanField } from "react-admin";
import { LoginPage } from "ra-supabase";
import { BrowserRouter } from "react-router";
import { authProvider, dataProvider } from "./lib/providers.ts";

function StageList() {
  return (
    <List sort={{ field: "order", order: "ASC" }}>
      <Datagrid bulkActionButtons={false}>
        <TextField source="name" />
        <TextField source="category" />
        <NumberField source="order" />
        <NumberField source="progress" />
        <BooleanField source="completed" />
      </Datagrid>
    </List>
  );
}

export function App() {
  return (
    <BrowserRouter basename="/admin">
      <Admin dataProvider={dataProvider} authProvider={authProvider} loginPage={LoginPage} requireAuth>
        <Resource name="project_stages" options={{ label: "Progress" }} list={StageList} />
      </Admin>
    </BrowserRouter>
  );
}
