import { z } from 'zod'

/** `POST /v1/auth/token` answer. `expires_in` is used as given, never assumed. */
export const tokenResponseSchema = z
  .object({
    access_token: z.string().min(1),
    token_type: z.string().nullish(),
    expires_in: z.number().positive(),
    scope: z.string().nullish(),
  })
  .transform((t) => ({
    accessToken: t.access_token,
    tokenType: t.token_type ?? 'bearer',
    expiresInSeconds: t.expires_in,
    scope: t.scope ?? null,
  }))

export type IssuedToken = z.output<typeof tokenResponseSchema>
