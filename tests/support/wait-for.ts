// Waiting for what a test stands for, never for a fixed time (issue 26), and naming the step of a long scenario
// that failed. Used by integration and end-to-end tests.

/** What a check answers once it holds. */
type Truthy<T> = Exclude<T, false | 0 | "" | null | undefined>;

export type WaitForOptions = {
  /** What is awaited, in words: the failure says "… waiting for <what>". */
  what: string;
  /** The deadline, in ms (5 s unless told). */
  timeout?: number;
  /** How often the check runs, in ms. */
  interval?: number;
};

/**
 * Runs `check` until it returns something truthy (which is returned) or the deadline passes. A check that throws is
 * tried again; on the deadline the failure says what was awaited and what the check last answered or threw. For
 * what has no event to wait for (a row that will appear, a file a process writes, an answer through a proxy).
 */
export async function waitFor<T>(check: () => T | Promise<T>, options: WaitForOptions): Promise<Truthy<T>> {
  const { what, timeout = 5_000, interval = 25 } = options;
  // performance.now(), not Date.now(): a test may have set Date to a fixed time (vi.setSystemTime).
  const deadline = performance.now() + timeout;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value) return value as Truthy<T>;
      last = value;
    } catch (err) {
      last = err;
    }
    if (performance.now() >= deadline) {
      const lastWords = last instanceof Error ? `threw: ${last.message}` : `answered: ${JSON.stringify(last)}`;
      throw new Error(`timed out after ${timeout} ms waiting for ${what} (the check last ${lastWords})`, { cause: last });
    }
    await new Promise((resolve) => setTimeout(resolve, interval));
  }
}

/**
 * One named step of a long scenario: a failure inside it (an assertion, a timeout, an error) is thrown on with
 * `step "<name>": ` in front of its message, so the report says which step failed. Steps may nest.
 */
export async function step<T>(name: string, fn: () => T | Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof Error) {
      err.message = `step "${name}": ${err.message}`;
      throw err;
    }
    throw new Error(`step "${name}": ${String(err)}`, { cause: err });
  }
}
