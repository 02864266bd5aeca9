// How many end-to-end test files run at once (decision 0034): each has a shared server of its own. The machine the
// suite is written for has 2 cores; much of an end-to-end test is waiting (for the browser, the server, a timer),
// so a third file keeps them busy. E2E_WORKERS overrides it.
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 3) || 3);
