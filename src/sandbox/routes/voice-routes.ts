import { readFile } from 'node:fs/promises'
import { ApiError, notFound } from '../server/api-error.js'
import { sendBytes, sendEmpty, sendJson } from '../server/respond.js'
import { voiceToWire } from '../voices/voice-wire.js'
import { page, pageRequest, requireScope, type Route } from './guards.js'
import { readNewVoice } from './voice-create.js'

const MAX_PAGE = 1_000

/** `GET/POST /v1/voices`, `GET/DELETE /v1/voices/{id}`, `GET /v1/voices/{id}/sample`. */
export const voiceRoutes: Route[] = [
  {
    method: 'GET',
    pattern: /^\/v1\/voices$/,
    handler: async (ctx) => {
      const principal = await requireScope(ctx, 'voices:read')
      const voices = ctx.env.voices.listFor(principal.account.id)
      const wire = (list: typeof voices): unknown[] =>
        list.map((voice) => voiceToWire(voice, ctx.env.baseUrl, ctx.env.shapes))
      if (ctx.env.shapes.voiceList === 'array') {
        await sendJson(ctx, 200, wire(voices))
        return
      }
      const { offset, limit } = pageRequest(ctx, ctx.env.settings.pageSize, MAX_PAGE)
      const slice = page(voices, offset, limit)
      await sendJson(ctx, 200, {
        voices: wire(slice.items),
        next_cursor: slice.nextCursor,
        has_more: slice.hasMore,
      })
    },
  },
  {
    method: 'POST',
    pattern: /^\/v1\/voices$/,
    handler: async (ctx) => {
      const principal = await requireScope(ctx, 'voices:create')
      const { account } = principal
      const key = ctx.req.headers['idempotency-key']
      const replay = typeof key === 'string' ? ctx.env.voices.replay(account.id, key) : undefined
      if (replay) {
        ctx.req.resume()
        await sendJson(
          ctx,
          ctx.env.shapes.createStatus,
          voiceToWire(replay, ctx.env.baseUrl, ctx.env.shapes),
          { 'Idempotent-Replayed': 'true' },
        )
        return
      }
      if (!account.settings.voiceCloning) {
        throw new ApiError(
          402,
          'voice_cloning_not_included',
          'the account plan does not include voice cloning',
        )
      }
      if (ctx.env.voices.personalOf(account.id).length >= account.settings.maxPersonalVoices) {
        throw new ApiError(
          409,
          'too_many_voices',
          `the account already has ${account.settings.maxPersonalVoices} personal voices`,
        )
      }
      const input = await readNewVoice(ctx.req, ctx.env.settings.maxSampleBytes)
      ctx.logBody = {
        name: input.name,
        gender: input.gender,
        locale: input.locale,
        sample_bytes: input.sample.bytes.byteLength,
        sample_type: input.sample.contentType,
      }
      const voice = await ctx.env.voices.create(
        account.id,
        input,
        typeof key === 'string' ? key : undefined,
      )
      const older = ctx.env.shapes.createStatus === 200
      await sendJson(
        ctx,
        ctx.env.shapes.createStatus,
        voiceToWire(voice, ctx.env.baseUrl, ctx.env.shapes, older),
      )
    },
  },
  {
    method: 'GET',
    pattern: /^\/v1\/voices\/([^/]+)$/,
    handler: async (ctx, [id = '']) => {
      const principal = await requireScope(ctx, 'voices:read')
      const voice = ctx.env.voices.find(id, principal.account.id)
      if (!voice) throw notFound('voice_not_found', `voice ${id}`)
      await sendJson(ctx, 200, voiceToWire(voice, ctx.env.baseUrl, ctx.env.shapes))
    },
  },
  {
    method: 'DELETE',
    pattern: /^\/v1\/voices\/([^/]+)$/,
    handler: async (ctx, [id = '']) => {
      const principal = await requireScope(ctx, 'voices:delete')
      if (ctx.env.voices.isCatalog(id))
        throw new ApiError(403, 'forbidden', 'shared catalog voices cannot be deleted')
      if (!(await ctx.env.voices.delete(principal.account.id, id)))
        throw notFound('voice_not_found', `voice ${id}`)
      await sendEmpty(ctx, 204)
    },
  },
  {
    method: 'GET',
    pattern: /^\/v1\/voices\/([^/]+)\/sample$/,
    handler: async (ctx, [id = '']) => {
      const principal = await requireScope(ctx, 'voices:read')
      const voice = ctx.env.voices.find(id, principal.account.id)
      if (!voice) throw notFound('voice_not_found', `voice ${id}`)
      if (!voice.sample) throw notFound('not_found', `sample of shared voice ${id}`)
      const bytes = await readFile(voice.sample.path)
      await sendBytes(ctx, 200, voice.sample.contentType, bytes, {
        'Content-Disposition': `attachment; filename="${voice.id}-sample.${voice.sample.path.split('.').pop() ?? 'bin'}"`,
      })
    },
  },
]
