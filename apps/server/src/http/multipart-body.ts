import { AppError } from '../errors.ts';

/**
 * Runs a route's loop over `request.parts()`, turning what can go wrong while reading the body
 * into 4xx answers. Busboy reports a missing boundary or a body that ends early as plain Errors
 * without a status, which the global handler would answer with a 500; they are the client's.
 */
export async function readMultipartBody<T>(
  read: () => Promise<T>,
  fileTooLarge: () => AppError,
): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof AppError) throw error;
    const { code, statusCode, message } = error as {
      code?: unknown;
      statusCode?: unknown;
      message?: unknown;
    };
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw fileTooLarge();
    // @fastify/multipart's own errors (part and field limits) already carry their 4xx.
    if (typeof statusCode === 'number' && statusCode < 500) throw error;
    const reason = typeof message === 'string' && message ? ` (${message})` : '';
    throw new AppError(
      'bad_request',
      `The multipart/form-data body could not be read${reason}. Send it with the boundary named in the Content-Type header and end it with the closing boundary.`,
    );
  }
}
