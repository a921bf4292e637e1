import { stat } from 'node:fs/promises'
import { CommandLineUsage } from '../core/usage/usage-journal'
import type { Clock } from '../core/clock'

/**
 * Where a command's usage is recorded: the app's first user data folder that exists, so the
 * app's Account shows it beside its own; none when the app has never run for this user.
 */
export async function commandLineUsage(
  dirs: readonly string[],
  clock?: Clock,
): Promise<CommandLineUsage> {
  for (const dir of dirs) {
    try {
      if ((await stat(dir)).isDirectory()) return new CommandLineUsage(dir, clock)
    } catch {
      // Not there: try the next spelling of the folder.
    }
  }
  return new CommandLineUsage(null, clock)
}
