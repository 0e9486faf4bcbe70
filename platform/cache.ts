/**
 * Decision 0003: a small least-recently-used cache with a time limit, for answers that are the same for every
 * visitor (public pages, catalogue calls). Never holds anything belonging to one user. Bounded by
 * entries and, with `sizeOf`, by bytes: uncached traffic over many pages must not grow the process.
 */
export class PublicCache<V> {
  private readonly entries = new Map<string, { value: V; expires: number; bytes: number }>();
  private bytes = 0;
  private clears = 0;

  constructor(
    private readonly maxEntries: number,
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
    private readonly limits: { maxBytes?: number; sizeOf?: (value: V) => number } = {},
  ) {}

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= this.now()) {
      this.remove(key);
      return undefined;
    }
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  /**
   * Which clear the cache is at: read it before computing an answer and pass it to `set`, so an answer
   * computed from data a write has since replaced is not kept after that write's clear.
   */
  get generation(): number {
    return this.clears;
  }

  set(key: string, value: V, generation = this.clears): void {
    if (generation !== this.clears) return;
    const bytes = this.limits.sizeOf?.(value) ?? 0;
    if (this.limits.maxBytes !== undefined && bytes > this.limits.maxBytes) return;
    this.remove(key);
    this.entries.set(key, { value, expires: this.now() + this.ttlMs, bytes });
    this.bytes += bytes;
    while (this.entries.size > this.maxEntries || (this.limits.maxBytes !== undefined && this.bytes > this.limits.maxBytes)) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.remove(oldest);
    }
  }

  /** Called by every catalogue write, so no visitor sees a stale answer for longer than a request. */
  clear(): void {
    this.clears += 1;
    this.entries.clear();
    this.bytes = 0;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The bytes held, as `sizeOf` counts them. */
  get sizeInBytes(): number {
    return this.bytes;
  }

  private remove(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }
}
