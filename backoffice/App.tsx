import { lazy, Suspense } from "react";
import { createBrowserRouter, RouterProvider, useLocation, useNavigate } from "react-router";
import { LoginPage, type SignIn } from "./auth/LoginPage.tsx";
import { ResetPasswordPage } from "./auth/ResetPasswordPage.tsx";
import { UpdatePasswordPage } from "./auth/UpdatePasswordPage.tsx";

// A visitor who opens the sign-in, reset or new-password page first gets these forms alone, not the
// admin: supabase-js (the auth provider) comes when a form needs it, the admin (react-admin, the
// screens) once the visitor is in. Once the admin has loaded, it shows these pages itself (its login
// page and custom routes), so that a sign-out keeps its notification ("Your session has expired").
const auth = () => import("./lib/auth.ts").then((module) => module.authProvider);

let adminLoaded = false;
const AdminApp = lazy(async () => {
  const { AdminApp: Component } = await import("./AdminApp.tsx");
  adminLoaded = true;
  return { default: Component };
});

type NextPath = { nextPathname?: string; nextSearch?: string } | null;

function SignInScreen() {
  const navigate = useNavigate();
  const next = useLocation().state as NextPath;
  // As react-admin's useLogin: back where the guard found no session, else the dashboard.
  const login: SignIn = async (credentials) => {
    await (await auth()).login(credentials);
    await navigate(next?.nextPathname ? `${next.nextPathname}${next.nextSearch ?? ""}` : "/", { replace: true });
  };
  return <LoginPage login={login} />;
}

const resetPassword = async (email: string) => (await auth()).resetPassword(email);
const passwordActions = {
  passwordRecovery: async () => (await auth()).passwordRecovery(),
  updatePassword: async (password: string) => (await auth()).updatePassword(password),
  acceptInvitation: async (password: string) => (await auth()).acceptInvitation(password),
};

function Root() {
  const { pathname } = useLocation();
  if (!adminLoaded && pathname === "/login") return <SignInScreen />;
  if (!adminLoaded && pathname === "/reset-password") return <ResetPasswordPage resetPassword={resetPassword} />;
  if (!adminLoaded && pathname === "/update-password") return <UpdatePasswordPage {...passwordActions} />;
  return (
    <Suspense>
      <AdminApp />
    </Suspense>
  );
}

// A data router (not <BrowserRouter>) so that react-admin's warnWhenUnsavedChanges can block navigation.
const router = createBrowserRouter([{ path: "*", element: <Root /> }], { basename: "/admin" });

export function App() {
  return <RouterProvider router={router} />;
}
