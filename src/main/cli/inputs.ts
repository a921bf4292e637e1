import { open, readFile } from 'node:fs/promises'
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
    throw inputFileError(error, path, what, hint)
  }
}

/**
 * The first `maxBytes` of a file the user named (a secret, a password, a rules file), as text,
 * and whether there was more. Never reads past the limit, so a FIFO or a device cannot make it
 * read for ever. Failures as {@link readInputFile}'s.
 */
export async function readInputFileAtMost(
  path: string,
  what: string,
  maxBytes: number,
  hint?: string,
): Promise<{ text: string; more: boolean }> {
  let handle
  try {
    handle = await open(path, 'r')
  } catch (error) {
    throw inputFileError(error, path, what, hint)
  }
  try {
    // One byte over the limit is enough to know there is more.
    const buffer = Buffer.alloc(maxBytes + 1)
    let length = 0
    while (length < buffer.length) {
      const { bytesRead } = await handle.read(buffer, length, buffer.length - length, null)
      if (bytesRead === 0) break
      length += bytesRead
    }
    return { text: buffer.toString('utf8', 0, Math.min(length, maxBytes)), more: length > maxBytes }
  } finally {
    await handle.close()
  }
}

function inputFileError(error: unknown, path: string, what: string, hint?: string): AppError {
  const code = (error as { code?: string }).code
  return new AppError(
    code === 'ENOENT' ? 'NOT_FOUND' : 'DISK',
    code === 'ENOENT'
      ? `The ${what} ${path} does not exist.${hint === undefined ? '' : ` ${hint}`}`
      : `VoiceDesk can't read the ${what} ${path} (${code ?? 'error'}).`,
  )
}
