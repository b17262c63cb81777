import { createBrowserRouter, RouterProvider, useLocation, useNavigate } from "react-router";
import { LoginPage, type SignIn } from "./auth/LoginPage.tsx";
import { ResetPasswordPage } from "./auth/ResetPasswordPage.tsx";
import { UpdatePasswordPage } from "./auth/UpdatePasswordPage.tsx";

// The sign-in, reset and new-password screens are routes of their own here, outside react-admin: a
// visitor who is not signed in downloads these forms, not the admin. supabase-js (the auth provider)
// comes when a form needs it, the admin (react-admin, the screens) when the visitor is in.
const auth = () => import("./lib/auth.ts").then((module) => module.authProvider);

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

// A data router (not <BrowserRouter>) so that react-admin's warnWhenUnsavedChanges can block navigation.
const router = createBrowserRouter(
  [
    { path: "/login", element: <SignInScreen /> },
    { path: "/reset-password", element: <ResetPasswordPage resetPassword={resetPassword} /> },
    { path: "/update-password", element: <UpdatePasswordPage {...passwordActions} /> },
    { path: "*", lazy: async () => ({ Component: (await import("./AdminApp.tsx")).AdminApp }) },
  ],
  { basename: "/admin" },
);

export function App() {
  return <RouterProvider router={router} />;
}
