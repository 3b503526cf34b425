import { z } from 'zod';

/** Every error the API returns has this shape, so the browser reads one thing. */
export const ApiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    field: z.string().optional(),
  }),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;

export const HealthSchema = z.object({ status: z.literal('ok'), db: z.literal('ok') });
export type Health = z.infer<typeof HealthSchema>;
