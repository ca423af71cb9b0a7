/**
 * Whether a listing walk follows pages: --all, or --limit (which may need several). The walk (api/paginate.ts)
 * and the flags that choose its page size and heap (kit/listing.ts) both ask this.
 */
export function followsPages(o: { all?: boolean; limit?: number }): boolean {
  return o.all === true || o.limit !== undefined;
}
