import type { z } from 'zod'
import type { Result } from '../errors'

/**
 * What every value of an IPC input costs towards `maxBytes` besides its content (a number, a
 * boolean, an array item, an object entry). Why a flat cost: it charges the work a message makes
 * (values to visit and parse), not the few bytes a boolean takes on the wire.
 */
export const MESSAGE_VALUE_COST = 8

/**
 * The bounds of one channel's input besides those its schema declares (counts, lengths).
 * `maxBytes` is checked by main before the input is parsed, so a huge message is refused without
 * the cost of parsing it.
 */
export interface InputLimits {
  /**
   * The most the whole input may weigh: every value costs {@link MESSAGE_VALUE_COST}, plus a
   * string's length, binary data's byteLength and an object key's length (measured by
   * shared/ipc/message-size.ts).
   */
  readonly maxBytes: number
  /** What the input is, in the user's words, for the refusal ("A script", "A voice sample"). */
  readonly subject: string
}

/** One invoke channel: a zod schema for its input, its limits and a phantom type for its output. */
export interface InvokeDef<I extends z.ZodType, O> {
  readonly input: I
  readonly limits: InputLimits
  /** One line: what the call does and its limits. */
  readonly doc: string
  /** Phantom: never set at run time, carries the output type. */
  readonly output?: O
}

/** One event channel from main to the window: a phantom payload type. */
export interface EventDef<P> {
  readonly doc: string
  readonly payload?: P
}

/** Declares an invoke channel whose handler returns `O`; every channel declares its limits. */
export function invoke<O>(): <I extends z.ZodType>(
  input: I,
  limits: InputLimits,
  doc: string,
) => InvokeDef<I, O> {
  return (input, limits, doc) => ({ input, limits, doc })
}

/** Declares an event channel carrying `P`. */
export function event<P>(doc: string): EventDef<P> {
  return { doc }
}

type AnyInvokes = Record<string, InvokeDef<z.ZodType, unknown>>
type AnyEvents = Record<string, EventDef<unknown>>

export type InputOf<T extends AnyInvokes, C extends keyof T> = z.input<T[C]['input']>
export type ParsedInputOf<T extends AnyInvokes, C extends keyof T> = z.output<T[C]['input']>
export type OutputOf<T extends AnyInvokes, C extends keyof T> =
  T[C] extends InvokeDef<z.ZodType, infer O> ? O : never
export type PayloadOf<T extends AnyEvents, E extends keyof T> =
  T[E] extends EventDef<infer P> ? P : never

type DomainOf<C> = C extends `${infer D}:${string}` ? D : never
type ArgsOf<I> = [I] extends [undefined] ? [] : undefined extends I ? [input?: I] : [input: I]

/** The shape of `window.api`: `api.<domain>.<action>(input)` and `api.<domain>.on<Event>(cb)`. */
export type ApiOf<T extends AnyInvokes, E extends AnyEvents> = {
  [D in DomainOf<keyof T & string> | DomainOf<keyof E & string>]: {
    [C in keyof T & string as C extends `${D}:${infer A}` ? A : never]: (
      ...args: ArgsOf<InputOf<T, C>>
    ) => Promise<Result<OutputOf<T, C>>>
  } & {
    [C in keyof E & string as C extends `${D}:${infer N}` ? `on${Capitalize<N>}` : never]: (
      listener: (payload: PayloadOf<E, C>) => void,
    ) => () => void
  }
}

/** Splits `domain:action` into its parts; the preload and the browser host build `window.api` with it. */
export function splitChannel(channel: string): { domain: string; name: string } {
  const at = channel.indexOf(':')
  return { domain: channel.slice(0, at), name: channel.slice(at + 1) }
}

/** `account:changed` -> `onChanged`: the property name an event listener is exposed under. */
export function eventPropertyName(name: string): string {
  return `on${name.charAt(0).toUpperCase()}${name.slice(1)}`
}
