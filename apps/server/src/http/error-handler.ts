import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError } from '../errors.ts';

// Fastify's own 4xx errors (parsing, size) keep their status and get a stable code.
const FASTIFY_CODES: Record<string, { code: string; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    code: 'invalid_json',
    message: 'The request body is not valid JSON.',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    code: 'invalid_json',
    message: 'The request body is empty; send a JSON object.',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    code: 'payload_too_large',
    message: 'The request body is too large.',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: 'unsupported_media_type',
    message: 'This content type is not accepted here.',
  },
};

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    if (error instanceof AppError) {
      return reply
        .status(error.status)
        .send({ error: { code: error.code, message: error.message, details: error.details } });
    }
    const fastifyError = error as FastifyError;
    const status = fastifyError.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const known = FASTIFY_CODES[fastifyError.code];
      if (!known && error instanceof SyntaxError) {
        return reply.status(400).send({
          error: { code: 'invalid_json', message: 'The request body is not valid JSON.' },
        });
      }
      return reply.status(status).send({
        error: { code: known?.code ?? 'bad_request', message: known?.message ?? error.message },
      });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({
      error: {
        code: 'internal_error',
        message: `Something went wrong on our side. Quote reference ${request.id} if you contact support.`,
        details: { requestId: request.id },
      },
    });
  });
}
