// How many end-to-end test files run at once (decision 0034): each has a shared server of its own. The machine the
// suite is written for has 2 cores; an end-to-end test mostly waits (for the browser, the server, a restart, a
// timer): the whole suite keeps the 2 cores less than half busy with 3 files at once, so 4 run. E2E_WORKERS overrides it.
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 4) || 4);
