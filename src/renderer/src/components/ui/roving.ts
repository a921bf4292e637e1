/**
 * Where the arrow keys, Home and End move the focus in a row (a toolbar: Left and Right) or a
 * column (a menu: Up and Down) of `count` controls, from the one at `at`: the arrows wrap around
 * at either end. Null for any other key, which the control keeps.
 */
export function rovingTarget(
  key: string,
  at: number,
  count: number,
  orientation: 'horizontal' | 'vertical',
): number | null {
  if (count === 0) return null
  const [previous, next] =
    orientation === 'horizontal' ? ['ArrowLeft', 'ArrowRight'] : ['ArrowUp', 'ArrowDown']
  if (key === next) return (at + 1) % count
  // From none focused (-1), back goes to the last.
  if (key === previous) return at < 0 ? count - 1 : (at - 1 + count) % count
  if (key === 'Home') return 0
  if (key === 'End') return count - 1
  return null
}
