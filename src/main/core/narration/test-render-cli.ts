// Test-only entry: runs the render command in a child process the way src/main/cli.ts will, so
// the tests can interrupt it for real (kill -9, SIGINT).
import { runRenderCommand } from './cli-render'

process.exitCode = await runRenderCommand(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
})
