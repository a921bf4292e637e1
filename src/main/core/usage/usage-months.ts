/** `YYYY-MM` of `ms` in local time: the month a user sees usage under. */
export function monthOf(ms: number): string {
  const date = new Date(ms)
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}`
}
