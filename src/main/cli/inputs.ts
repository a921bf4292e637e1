import { readFile } from 'node:fs/promises'
import { AppError } from '../../shared/errors'

/** Parsed command-line options: text, a flag, or absent. */
export type Values = Record<string, string | boolean | undefined>

/** An option's text, or undefined when absent or given as a flag. */
export function optionText(values: Values, name: string): string | undefined {
  const v = values[name]
  return typeof v === 'string' ? v : undefined
}

/**
 * Reads a file the user named on the command line; a missing file is NOT_FOUND naming it (with
 * `hint` saying what to do), any other failure DISK.
 */
export async function readInputFile(path: string, what: string, hint?: string): Promise<Buffer> {
  try {
    return await readFile(path)
  } catch (error) {
    const code = (error as { code?: string }).code
    throw new AppError(
      code === 'ENOENT' ? 'NOT_FOUND' : 'DISK',
      code === 'ENOENT'
        ? `The ${what} ${path} does not exist.${hint === undefined ? '' : ` ${hint}`}`
        : `VoiceDesk can't read the ${what} ${path} (${code ?? 'error'}).`,
    )
  }
}
