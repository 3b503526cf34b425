/** An error whose message is safe to show: thrown by handlers and guards, rendered by the error handler. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

export const notFound = (message: string, code = 'NOT_FOUND') => new AppError(404, code, message);
export const badRequest = (message: string, field?: string, code = 'VALIDATION_ERROR') => new AppError(400, code, message, field);
