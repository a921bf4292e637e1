import type { CliEnvironment } from '../cli/run'
import { runCli } from '../cli/run'

/** What one in-process CLI run printed, and its exit code. */
export interface CapturedCli {
  code: number
  stdout: string
  stderr: string
}

/**
 * Test helper: runs the CLI in-process with its stdout and stderr captured (stderr also goes
 * to `onErr` as it is written). The signal defaults to one that never aborts.
 */
export async function runCliCaptured(
  args: string[],
  environment: Omit<CliEnvironment, 'io' | 'signal'> & {
    signal?: AbortSignal
    onErr?: (text: string) => void
  },
): Promise<CapturedCli> {
  const { onErr, signal, ...rest } = environment
  let stdout = ''
  let stderr = ''
  const code = await runCli(args, {
    ...rest,
    io: {
      out: (text) => (stdout += text),
      err: (text) => {
        stderr += text
        onErr?.(text)
      },
    },
    signal: signal ?? new AbortController().signal,
  })
  return { code, stdout, stderr }
}
