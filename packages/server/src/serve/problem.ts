/**
 * Errors as `application/problem+json` (RFC 9457): `type` is `about:blank`, so `title` is the status phrase;
 * `detail` says what to fix; `errors[]` lists each validation problem. Never a stack trace or a secret.
 */
import { STATUS_CODES } from 'node:http';
import type { FastifyReply } from 'fastify';

export interface ProblemError {
  pointer?: string;
  parameter?: string;
  detail: string;
}

export interface Problem {
  type: 'about:blank';
  title: string;
  status: number;
  detail: string;
  instance?: string;
  errors?: ProblemError[];
}

/** An error a route throws to answer with a problem; the error handler turns it into the response. */
export class HttpProblem extends Error {
  constructor(
    readonly status: number,
    detail: string,
    readonly errors?: ProblemError[],
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
  }
}

export function problemOf(status: number, detail: string, instance?: string, errors?: ProblemError[]): Problem {
  return {
    type: 'about:blank',
    title: STATUS_CODES[status] ?? 'Error',
    status,
    detail,
    ...(instance ? { instance } : {}),
    ...(errors?.length ? { errors } : {}),
  };
}

export function sendProblem(reply: FastifyReply, problem: Problem, headers: Record<string, string> = {}): FastifyReply {
  return reply.code(problem.status).headers(headers).type('application/problem+json').send(problem);
}
