// How many end-to-end test files run at once (decision 0034): each has a shared server of its own. The machine the
// suite is written for has 2 cores; much of an end-to-end test is waiting (for the browser, the server, a timer),
// so a third file keeps them busy. E2E_WORKERS overrides it.
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 3) || 3);

/**
 * Where the run's template data folder is (tests/e2e/support/server.ts, prepareDataTemplate): vitest.e2e.config.ts
 * names it, the global setup makes it, and the test workers, which have it in their environment, start their
 * servers on copies of it.
 */
export const TEMPLATE_VARIABLE = "NLTE_E2E_DATA_TEMPLATE";

/**
 * Where the run notes the documents axe found nothing on (tests/e2e/support/browser.ts), one empty file per document,
 * so a document one worker checked is not checked again by another: vitest.e2e.config.ts names it, the global setup
 * makes and removes it.
 */
export const AXE_CLEAN_VARIABLE = "NLTE_E2E_AXE_CLEAN";
