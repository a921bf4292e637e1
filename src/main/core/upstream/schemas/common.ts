import { z } from 'zod'

/** A string the service may send as missing, null or "": all three become null. */
export const optionalText = z
  .string()
  .nullish()
  .transform((value) =>
    value === undefined || value === null || value.trim() === '' ? null : value,
  )

/** A number the service may leave out. */
export const optionalNumber = z
  .number()
  .nullish()
  .transform((value) => value ?? null)

/** A cursor page envelope's paging fields (newer deployments). */
export const pagingFields = {
  next_cursor: z
    .union([z.string(), z.number()])
    .nullish()
    .transform((v) => (v === undefined || v === null || v === '' ? null : String(v))),
  has_more: z.boolean().nullish(),
}

/** A plain JSON object, or null when absent. */
export const optionalObject = z
  .record(z.string(), z.unknown())
  .nullish()
  .transform((value) => value ?? null)
