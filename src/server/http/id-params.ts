import { z } from 'zod';

/**
 * The `:id` of an admin route: any string, not only a well-formed id. A malformed one is simply a row that
 * does not exist (404), like a deleted one.
 */
export const IdParamsSchema = z.object({ id: z.string().max(100) }).strict();
