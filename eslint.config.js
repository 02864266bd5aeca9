import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";
import noHandlersOnVisitorDocuments from "./eslint-rules/no-handlers-on-visitor-documents.js";

/** Outside app/messaging, messaging is reached through its front door (index.server), its browser shapes and its schemas. */
const MESSAGING_FRONT_DOOR = {
  regex: "messaging/(?!(index\\.server|core|schemas|realtime-client)$)[a-z.-]+$",
  message: "Messaging has one front door: import app/messaging/index.server (or core, schemas, realtime-client in the browser).",
};
const APP_NOT_SERVER = {
  regex: "^(\\.\\./)+server(/|$)",
  message: "app/ never imports server/: put what both need in app/lib/ (see docs/adding-a-page.md).",
};

export default tseslint.config(
  { ignores: ["build/", "app/paraglide/", "data/", ".react-router/", "node_modules/", "test-results/", "db/migrations/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/no-empty-object-type": "off",
    },
  },
  {
    // No React in the end-to-end tests: their use* helpers (useServerSettings, useOwnServer) register a file's hooks.
    files: ["tests/e2e/**/*.ts"],
    rules: { "react-hooks/rules-of-hooks": "off" },
  },
  {
    // The app runs in browsers too: it never reaches into the Node process. What both need lives in app/lib/.
    files: ["app/**/*.{ts,tsx,js}"],
    ignores: ["app/**/*.test.{ts,tsx}", "app/messaging/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [APP_NOT_SERVER, MESSAGING_FRONT_DOOR],
        },
      ],
    },
  },
  {
    files: ["app/messaging/**/*.{ts,tsx}"],
    ignores: ["**/*.test.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [APP_NOT_SERVER] }] },
  },
  {
    // Messaging has one front door (app/messaging/index.server.ts): the socket server and the operator's commands too.
    files: ["server/**/*.ts", "cli/**/*.ts", "bench/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [MESSAGING_FRONT_DOOR] }] },
  },
  {
    // What every signed-in page loads stays within its JavaScript budget (bench:pages): no zod (~25 KB gzip) there.
    // Forms load their schemas when they are used (testimonial-form.tsx), and the server checks with the same ones.
    files: [
      "app/root.tsx",
      "app/components/{header,footer,toaster,auth-dialog,chat-widget}.tsx",
      "app/components/messages/*.tsx",
      "app/messaging/{realtime-client,core}.ts",
    ],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          paths: [
            { name: "zod", message: "Not on every signed-in page: zod is ~25 KB gzip. Load a schema when its form is used.", allowTypeImports: true },
          ],
          patterns: [
            {
              regex: "(/schemas|-schemas)$",
              message: "These modules hold zod schemas: import app/messaging/core (or load the schemas when used).",
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
  {
    // Every page has an address in each language (issue 27): a link, a form's target or a redirect inside the site keeps
    // the reader's language through localHref (app/i18n/locale.ts). Only what has one address is written as it is (files, the switch, Google's sign-in).
    files: ["app/**/*.tsx"],
    ignores: ["app/**/*.test.tsx"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "JSXAttribute[name.name=/^(to|href|action)$/] > Literal[value=/^\\/(?!\\/|language$|auth\\/google$|[^?#]*\\.[a-z0-9]+$)/]",
          message: 'A path inside the site goes through localHref("/path") (app/i18n/locale.ts), so the reader stays in their language.',
        },
      ],
    },
  },
  {
    files: ["app/**/*.tsx"],
    plugins: { local: { rules: { "no-handlers-on-visitor-documents": noHandlersOnVisitorDocuments } } },
    rules: { "local/no-handlers-on-visitor-documents": ["error", { alwaysFor: ["app/components/public/"] }] },
  },
);
