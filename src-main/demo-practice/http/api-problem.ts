/**
 * An error the demo answers as problem details. `message` is set for validation and not-found errors,
 * as the contract requires; the same text goes in `detail`.
 */
export class ApiProblem extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiProblem';
  }
}

export const problemTitles: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

export const badRequest = (message: string, extra?: Record<string, unknown>) =>
  new ApiProblem(400, 'One or more validation errors occurred.', message, extra);
export const notFound = (message: string) => new ApiProblem(404, 'Not Found', message);
export const conflict = (message: string) => new ApiProblem(409, 'Conflict', message);

/** The problem-details body (RFC 9457 shape the contract names). */
export function problemBody(
  status: number,
  title: string,
  message: string,
  instance: string,
  extra: Record<string, unknown> = {},
) {
  const withMessage = status === 400 || status === 404 || status === 409;
  return {
    type: `https://httpstatuses.io/${status}`,
    title,
    status,
    detail: message,
    instance,
    ...(withMessage ? { message } : {}),
    ...extra,
  };
}
