import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";

export default tseslint.config(
  { ignores: ["dist/", "node_modules/", ".local/", "coverage/", ".stryker-tmp/", "reports/mutation/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_" }],
    },
  },
  {
    // shared/ is imported by both apps and must stay free of UI libraries.
    files: ["shared/**/*.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: ["react", "react-*", "@mui/*", "react-admin", "ra-*"] }],
    },
  },
  {
    // The web tier reaches Supabase over HTTP only, so it runs against a hosted project as it does
    // locally: no local backend, no database driver.
    files: ["server/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["**/supabase/local/**", "**/supabase/local"], message: "The web tier talks to Supabase over HTTP only (server/supabase-rest.ts)." },
            { group: ["pg", "postgres", "@electric-sql/*", "@supabase/lite", "@supabase/lite/*"], message: "The web tier talks to Supabase over HTTP only (server/supabase-rest.ts)." },
          ],
        },
      ],
    },
  },
);
