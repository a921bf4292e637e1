import type { MenuCommand } from '../../../shared/domain/app'

/** Runs a command when the provider can act on it now; false passes it on. */
export type CommandProvider = (command: MenuCommand) => boolean

const providers: CommandProvider[] = []
let waiting: MenuCommand | null = null

/**
 * A workspace offers the commands it runs (the same actions as its buttons) while it is mounted.
 * A command that was waiting for it (chosen in the menu while another workspace was open) runs
 * as soon as it arrives. Returns the withdrawal.
 */
export function provideCommands(provider: CommandProvider): () => void {
  providers.push(provider)
  // Why forget it even when the provider declines: a held Save must not fire much later.
  const held = waiting
  waiting = null
  if (held !== null) provider(held)
  return () => {
    const at = providers.indexOf(provider)
    if (at >= 0) providers.splice(at, 1)
  }
}

/** Runs a command through the newest provider that takes it; false when none did. */
export function runCommand(command: MenuCommand): boolean {
  for (let index = providers.length - 1; index >= 0; index -= 1) {
    if (providers[index]?.(command) === true) return true
  }
  return false
}

/** Keeps a command for the next provider to arrive (its workspace is being opened). */
export function holdCommand(command: MenuCommand): void {
  waiting = command
}
