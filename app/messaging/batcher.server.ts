import pg from "pg";

/**
 * Runs writes in batches when they arrive faster than the database answers them (decision 0009): at most
 * `inFlight` statements run at once, and whatever arrives meanwhile goes into the next one: one round trip and one
 * commit for many writes. A write that arrives while fewer are running waits only for the end of the event loop's
 * turn it arrived in, and goes with every other write read in that turn (from the sockets that were ready together)
 * instead of in a statement of its own (issue 43): a quiet server adds no wait beyond that turn. Each caller is
 * answered only after its own batch has committed.
 *
 * Writes with the same key never share a batch or run at the same time: the next waits until the last has
 * committed, in the order they arrived (one person's sends are stored, and refused by the rate limit, in order).
 */
export class Batcher<T, A> {
  private waiting: Array<{ item: T; resolve: (a: A) => void; reject: (e: unknown) => void }> = [];
  private running = 0;
  /** Keys with a write in a running batch. */
  private readonly busy = new Set<string>();
  /** Whether next() is due at the end of this turn. */
  private due = false;

  constructor(
    private readonly run: (items: T[]) => Promise<A[]>,
    private readonly keyOf: (item: T) => string,
    private readonly limits = { inFlight: 2, batch: 200 },
  ) {}

  add(item: T): Promise<A> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      if (this.due || this.running >= this.limits.inFlight) return;
      this.due = true;
      setImmediate(() => {
        this.due = false;
        this.next();
      });
    });
  }

  private next() {
    while (this.running < this.limits.inFlight && this.waiting.length) {
      const batch: typeof this.waiting = [];
      const rest: typeof this.waiting = [];
      const later = new Set<string>();
      for (const w of this.waiting) {
        const key = this.keyOf(w.item);
        if (batch.length < this.limits.batch && !this.busy.has(key) && !later.has(key)) {
          this.busy.add(key);
          batch.push(w);
        } else {
          later.add(key);
          rest.push(w);
        }
      }
      if (batch.length === 0) return;
      this.waiting = rest;
      this.running++;
      void this.settle(batch).finally(() => {
        for (const w of batch) this.busy.delete(this.keyOf(w.item));
        this.running--;
        this.next();
      });
    }
  }

  private async settle(batch: typeof this.waiting) {
    try {
      const answers = await this.run(batch.map((w) => w.item));
      batch.forEach((w, i) => w.resolve(answers[i]!));
    } catch (err) {
      // Only a statement PostgreSQL refused (rolled back, nothing stored) is tried again, each write on its own so
      // that one bad write does not sink the others. After a lost connection the batch may have committed, and
      // trying again could store it twice.
      if (batch.length === 1 || !(err instanceof pg.DatabaseError)) return batch.forEach((w) => w.reject(err));
      await Promise.all(batch.map((w) => this.run([w.item]).then(([a]) => w.resolve(a!), w.reject)));
    }
  }
}
