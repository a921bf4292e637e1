/**
 * The benches' small-size switch. `VOICEDESK_BENCH_SMOKE=1` (what bench/benches-run.test.ts and
 * e2e/benches-run.spec.ts set) or `--smoke` shrinks a bench's sizes so it runs in seconds: the
 * point is that every bench still starts, works and prints its figures, not what the figures are.
 */
export const smoke =
  process.env['VOICEDESK_BENCH_SMOKE'] === '1' || process.argv.slice(2).includes('--smoke')

/** `full` normally, `small` in a smoke run. */
export function sized<T>(full: T, small: T): T {
  return smoke ? small : full
}

/** The command-line arguments without `--smoke`, for a bench's own parseArgs. */
export function benchArgs(): string[] {
  return process.argv.slice(2).filter((arg) => arg !== '--smoke')
}
