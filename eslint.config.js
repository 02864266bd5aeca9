import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";
import capabilityBoundaries from "./eslint-rules/capability-boundaries.js";
import noHandlersOnVisitorDocuments from "./eslint-rules/no-handlers-on-visitor-documents.js";
import typedRows from "./eslint-rules/typed-rows.js";
import oneWayToStop from "./eslint-rules/one-way-to-stop.js";
import actionResults from "./eslint-rules/action-results.js";
import fieldKit from "./eslint-rules/field-kit.js";

/**
 * Outside app/messaging, messaging is reached through its front door (index.server), its browser shapes, its schemas,
 * its screens (*-page, which a route renders: decision 0053) and the conversation screens' pieces the routes and the
 * roster show (decision 0078: a feature's screens live in its capability folder).
 */
const MESSAGING_SCREENS = "composer|conversation-card|message-list|new-conversation-dialog|report-message|scheduled-list";
const MESSAGING_FRONT_DOOR = {
  regex: `messaging/(?!(index\\.server|core|schemas|realtime-client|[a-z-]+-page|${MESSAGING_SCREENS})$)[a-z.-]+$`,
  message:
    "Messaging has one front door: import app/messaging/index.server (or core, schemas, realtime-client, a *-page screen or a conversation screen's piece in the browser).",
};
const APP_NOT_SERVER = {
  regex: "^(\\.\\./)+server(/|$)",
  message: "app/ never imports server/: put what both need in app/lib/ (see docs/adding-a-page.md).",
};

/** Rooms a person can hold (issue 38): no source file over 400 lines and no function over 120 (blank lines and comments not counted). */
const SOURCE = ["app/**/*.{ts,tsx}", "server/**/*.ts", "db/**/*.ts", "cli/**/*.ts", "bench/**/*.ts", "scripts/**/*.{ts,mjs}"];
const TESTS = ["**/*.test.{ts,tsx}", "tests/**"];

export default tseslint.config(
  { ignores: ["build/", "app/paraglide/", "data/", ".react-router/", "node_modules/", "test-results/", ".test-scripts/", "db/migrations/"] },
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
      // `import { type X } from "m"` still imports m for its side effects: a page kept app/lib/forms.ts and zod that way
      // (decision 0023); `import type { X }` imports nothing.
      "@typescript-eslint/no-import-type-side-effects": "error",
    },
  },
  {
    // TypeScript's compiler reports what is declared and never read in .ts and .tsx files (noUnusedLocals,
    // noUnusedParameters in tsconfig.json), at no cost in its check: the rule was half of lint's rule time (decision 0092).
    files: ["**/*.{ts,tsx}"],
    rules: { "@typescript-eslint/no-unused-vars": "off" },
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
      `app/messaging/{${MESSAGING_SCREENS.replaceAll("|", ",")}}.tsx`,
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
  {
    // Capabilities through their front doors, and layers importing downwards only (docs/decisions/0053).
    files: SOURCE,
    ignores: TESTS,
    plugins: { boundaries: { rules: { "capability-boundaries": capabilityBoundaries } } },
    rules: { "boundaries/capability-boundaries": "error" },
  },
  {
    // A statement's rows are parsed (rows() from db/rows.ts), not claimed with execute<T> (docs/decisions/0072).
    files: SOURCE,
    ignores: TESTS,
    plugins: { rows: { rules: { "typed-rows": typedRows } } },
    rules: { "rows/typed-rows": "error" },
  },
  {
    // One way to stop a request and one shape for an action's answer (app/lib/responses.server.ts, app/lib/forms.ts;
    // docs/decisions/0077).
    files: SOURCE,
    ignores: TESTS,
    plugins: { forms: { rules: { "one-way-to-stop": oneWayToStop, "action-results": actionResults } } },
    rules: { "forms/one-way-to-stop": "error", "forms/action-results": "error" },
  },
  {
    // A form control is the ui kit's (app/components/ui/controls.tsx, field.tsx), not hand-styled (docs/decisions/0078).
    files: ["app/**/*.tsx"],
    ignores: TESTS,
    plugins: { kit: { rules: { "field-kit": fieldKit } } },
    rules: { "kit/field-kit": "error" },
  },
  {
    files: SOURCE,
    ignores: TESTS,
    rules: { "max-lines": ["error", { max: 400, skipBlankLines: true, skipComments: true }] },
  },
  {
    files: SOURCE,
    ignores: TESTS,
    rules: { "max-lines-per-function": ["error", { max: 120, skipBlankLines: true, skipComments: true, IIFEs: true }] },
  },
  {
    // npm start reads the configuration (and checks no site runs on the data folder) before the site is built, when a
    // fresh clone has no generated language catalog yet: these modules reach nothing of the app but two pure ones.
    files: ["server/config.ts", "server/process-owner.ts", "app/lib/quiet-hours.ts", "app/lib/site-config.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^(~/|(\\.\\./)+app/|\\./|\\.\\./)(?!lib/(quiet-hours|site-config)$)(?!(app/)?lib/(quiet-hours|site-config)$)",
              message: "Read before the build (scripts/start.mjs): import only node:, zod and app/lib/quiet-hours or site-config.",
            },
          ],
        },
      ],
    },
  },
  {
    // One request-language store per process (tests/support/locale-store.ts): unit-test workers share their modules
    // between files (vitest.config.ts, isolate: false), so a store installed by one file is what the next files read.
    // (.ts only: the .tsx files have a no-restricted-syntax rule of their own above, which a later one would replace.)
    files: ["**/*.ts"],
    ignores: ["server/languages.ts", "tests/support/locale-store.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "AssignmentExpression[left.property.name='SERVER_LOCALE_STORE']",
          message: "Use localeStore() from tests/support/locale-store.ts (or inLocale from server/languages.ts): one store per process.",
        },
        {
          // A module mock applies only if no earlier file in the worker imported the module (isolate: false): it passed
          // alone and failed in the whole run (CI, stop 54). Hand the module what it reads instead (a parameter).
          selector: "CallExpression[callee.object.name='vi'][callee.property.name=/^(mock|doMock)$/]",
          message: "Unit-test files share a worker's modules (vitest.config.ts isolate: false): pass the module its dependencies instead of vi.mock.",
        },
      ],
    },
  },
);
