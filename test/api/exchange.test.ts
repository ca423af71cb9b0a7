// Reading an answer tolerantly: the envelope with its habits, and error bodies of any shape quoted.
import { describe, expect, it } from 'vitest';
import { type RawResponse, throwUnlessOk, toExchange } from '../../src/api/exchange.js';
import { type ApiError, AuthError, NotFoundError } from '../../src/api/request-errors.js';

const raw = (status: number, text: string, type?: string): RawResponse => ({
  status,
  headers: type ? { 'content-type': type } : {},
  text,
});

function failure(r: RawResponse): ApiError {
  try {
    throwUnlessOk(toExchange(r));
  } catch (err) {
    return err as ApiError;
  }
  throw new Error('expected a failure');
}

describe('toExchange', () => {
  it('reads data null or absent as an empty page, and metadata null', () => {
    expect(toExchange(raw(200, '{"data":null,"metadata":null,"statusCode":"OK"}')).envelope.data).toEqual([]);
    expect(toExchange(raw(200, '{"statusCode":"OK"}')).envelope.data).toEqual([]);
  });

  it('keeps the text of an envelope that has message or error instead of reason', () => {
    const e = failure(
      raw(
        200,
        '{"data":[],"metadata":null,"statusCode":"CCP-CS-004","message":"Error while fetching CodeType"}',
      ),
    );
    expect(e).toMatchObject({ code: 'CCP-CS-004', reason: 'Error while fetching CodeType', httpStatus: 200 });
    expect(failure(raw(200, '{"statusCode":"CCP-CS-001","error":"No code"}')).reason).toBe('No code');
  });

  it("quotes Spring Boot's error attributes, typed by the HTTP status", () => {
    const e = failure(
      raw(
        401,
        '{"timestamp":"2026-11-18T11:06:40.123+00:00","status":401,"error":"Unauthorized","path":"/edgedevice/all/0"}',
        'application/json',
      ),
    );
    expect(e).toBeInstanceOf(AuthError);
    expect(e).toMatchObject({ code: 'HTTP_401', reason: 'Unauthorized (/edgedevice/all/0)' });
    const five = failure(
      raw(
        500,
        '{"status":500,"error":"Internal Server Error","message":"boom","path":"/codes"}',
        'application/json',
      ),
    );
    expect(five.reason).toBe('Internal Server Error: boom (/codes)');
  });

  it('quotes RFC 9457 problem details', () => {
    const e = failure(
      raw(
        404,
        '{"type":"about:blank","title":"Not Found","status":404,"detail":"no such device","instance":"/x"}',
        'application/problem+json',
      ),
    );
    expect(e).toBeInstanceOf(NotFoundError);
    expect(e.reason).toBe('Not Found: no such device (/x)');
  });

  it('quotes plain text, an HTML page, and says when the body is empty', () => {
    expect(failure(raw(500, 'database\n down', 'text/plain')).reason).toBe('database down');
    expect(
      failure(
        raw(
          502,
          '<html><head><title>502 Bad Gateway</title></head><body><h1>Bad</h1></body></html>',
          'text/html',
        ),
      ).reason,
    ).toBe('an HTML page: 502 Bad Gateway: Bad');
    const empty = failure(raw(403, ''));
    expect(empty).toBeInstanceOf(AuthError);
    expect(empty.reason).toBe('the service answered with an empty body');
  });

  it('a 200 that is no envelope fails saying so, with what it says', () => {
    expect(failure(raw(200, '<html><title>Login</title></html>', 'text/html')).reason).toBe(
      'the service answered HTTP 200 with an HTML page: Login',
    );
  });
});
