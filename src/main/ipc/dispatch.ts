import { z } from 'zod'
import type { AppErrorData, Result } from '../../shared/errors'
import { toAppErrorData } from '../../shared/errors'
import type { EventChannel, Events, InvokeChannel, Invokes } from '../../shared/ipc/contract'
import { invokes } from '../../shared/ipc/contract'
import type { OutputOf, ParsedInputOf, PayloadOf } from '../../shared/ipc/contract-types'
import { plainLimitMessage } from '../../shared/limits'
import { maskCredentials, maskStrings } from '../../shared/credential-redaction'
import { oversizedInput } from '../../shared/ipc/message-size'
import { maskInSlices } from './mask-in-slices'

/** Who sent an IPC message, as far as main can tell. Filled from Electron's event by register.ts. */
export interface SenderInfo {
  /** Stable id of the sending web contents (a window); events for a job go back to it. */
  webContentsId: number
  /** True only when the message came from the top frame, not an iframe. */
  isMainFrame: boolean
  /** The URL of the sending frame. */
  url: string
  /** True when the sender is a <webview> guest. */
  isWebview: boolean
}

/** Sends a typed event to the window that made the call (dropped if that window is gone). */
export type Emit = <E extends EventChannel>(channel: E, payload: PayloadOf<Events, E>) => void

/** What every handler receives besides its parsed input. */
export interface HandlerContext {
  sender: SenderInfo
  emit: Emit
}

/** The handler map: a missing or mistyped handler is a compile error. */
export type Handlers = {
  [C in InvokeChannel]: (
    input: ParsedInputOf<Invokes, C>,
    ctx: HandlerContext,
  ) => Promise<OutputOf<Invokes, C>> | OutputOf<Invokes, C>
}

export interface DispatcherOptions {
  handlers: Handlers
  /** Sender policy: the main frame of one of our windows, on the app's own origin, not a webview. */
  isTrustedSender: (sender: SenderInfo) => boolean
  /** Receives unexpected errors (already redacted by the logger). */
  onUnexpectedError?: (channel: string, error: unknown) => void
  /**
   * Masks credentials in a text bound for the page (every string of every result, error and
   * event passes through it). Default: the credential shapes only; the runtime adds the secrets
   * its logger knows (the key and token in use).
   */
  maskText?: (text: string) => string
}

/** Turns a zod failure into per-field messages a form can show. */
function fieldsOf(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {}
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join('.') : 'input'
    fields[key] ??= issue.message
  }
  return fields
}

/**
 * The refusal of an input that failed its schema. When it went past a limit (a count, a length,
 * a size), the message is that limit in plain words, so the user reads what to make smaller.
 */
function invalidInput(error: z.ZodError): AppErrorData {
  const overLimit = error.issues.find((issue) => issue.code === 'too_big')
  return {
    code: 'VALIDATION_FAILED',
    message: overLimit?.message ?? 'The request was not valid.',
    retryable: false,
    details: {
      fields: fieldsOf(error),
      ...(overLimit === undefined ? {} : { limit: { maximum: Number(overLimit.maximum) } }),
    },
  }
}

/** Converts anything thrown by a handler into the serialisable error data of the closed codes. */
export function toErrorData(error: unknown): AppErrorData {
  if (error instanceof z.ZodError) return invalidInput(error)
  return toAppErrorData(error, {
    message:
      'Something went wrong inside VoiceDesk. Try again; if it keeps happening, restart the app.',
    retryable: false,
  })
}

/**
 * Builds the one dispatch function behind every channel: sender check, input validation, handler,
 * Result envelope. It imports nothing from Electron, so the e2e browser host and the tests run the
 * very same code path that `ipcMain.handle` runs in the app.
 */
export function createDispatcher(options: DispatcherOptions) {
  const { handlers, isTrustedSender, onUnexpectedError } = options
  const maskText = options.maskText ?? maskCredentials

  /**
   * Why one mask here rather than at each call site: any text a handler returns or sends may hold
   * what a service echoed (a request id, a message, a voice name), and the page must never get a
   * credential whichever handler it came through.
   */
  return async function dispatch(
    channel: string,
    rawInput: unknown,
    sender: SenderInfo,
    emit: Emit,
  ): Promise<Result<unknown>> {
    const maskedEmit: Emit = (event, payload) => emit(event, maskStrings(payload, maskText))
    // In slices: a result may be a whole imported book, and main answers other calls meanwhile.
    return maskInSlices(await answer(channel, rawInput, sender, maskedEmit), maskText)
  }

  async function answer(
    channel: string,
    rawInput: unknown,
    sender: SenderInfo,
    emit: Emit,
  ): Promise<Result<unknown>> {
    // Why the sender check comes first: a sub-frame or a foreign page must learn nothing, not even
    // whether its input would have parsed.
    if (!isTrustedSender(sender)) {
      return {
        ok: false,
        error: {
          code: 'FORBIDDEN_SENDER',
          message: 'This window is not allowed to use VoiceDesk.',
          retryable: false,
        },
      }
    }
    if (!Object.hasOwn(invokes, channel)) {
      return {
        ok: false,
        error: {
          code: 'VALIDATION_FAILED',
          message: `Unknown operation "${channel}".`,
          retryable: false,
        },
      }
    }
    const name = channel as InvokeChannel
    const definition = invokes[name]
    const tooLarge = oversizedInput(rawInput, definition.limits)
    if (tooLarge !== null) return { ok: false, error: tooLarge }
    if (!isPlainData(rawInput)) {
      return {
        ok: false,
        error: {
          code: 'VALIDATION_FAILED',
          message: `"${channel}" takes plain data (an object of fields), not a ${Object.prototype.toString.call(rawInput).slice(8, -1)}.`,
          retryable: false,
        },
      }
    }
    const parsed = definition.input.safeParse(rawInput, { error: plainLimitMessage })
    if (!parsed.success) return { ok: false, error: invalidInput(parsed.error) }
    try {
      const handler = handlers[name] as (input: unknown, ctx: HandlerContext) => unknown
      const data = await handler(parsed.data, { sender, emit })
      return { ok: true, data }
    } catch (error) {
      const data = toErrorData(error)
      if (data.code === 'INTERNAL') onUnexpectedError?.(channel, error)
      return { ok: false, error: data }
    }
  }
}

/**
 * True unless the input is an object of some class (a Date, a Map, a class instance). Why: zod's
 * object schemas accept any object, so a channel whose fields are all optional would take a Date
 * as "no options". Arrays and bytes are left to the schema.
 */
function isPlainData(input: unknown): boolean {
  if (typeof input !== 'object' || input === null) return true
  if (Array.isArray(input) || ArrayBuffer.isView(input)) return true
  const proto: unknown = Object.getPrototypeOf(input)
  return proto === Object.prototype || proto === null
}

export type Dispatch = ReturnType<typeof createDispatcher>
