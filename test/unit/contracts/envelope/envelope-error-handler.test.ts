import express from 'express';
import { AddressInfo } from 'node:net';
import { Server } from 'node:http';
import { ValidateError } from '@tsoa/runtime';
import { envelopeErrorHandler } from '../../../../contracts/envelope/errors/envelope-error-handler';
import { EnvelopeUnknownUserError, EnvelopeWeakPasswordError } from '../../../../core/domain/envelope/envelope.errors';
import { TooManyLoginAttemptsError } from '../../../../core/domain/auth/auth.errors';
import { ForbiddenError, NotFoundError } from '../../../../core/shared/common.errors';

describe('Envelope error handler', () => {
  let server: Server;
  let url: string;
  let thrown: unknown;

  beforeAll(async () => {
    const app = express();
    app.get('/fail', () => {
      throw thrown;
    });
    app.use(envelopeErrorHandler);
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/fail`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  const answer = async (error: unknown) => {
    thrown = error;
    const res = await fetch(url);
    return { status: res.status, body: (await res.json()) as unknown, retryAfter: res.headers.get('retry-after') };
  };

  it('When an unexpected error escapes, Then it is 500/50000 with a generic message and none of its text', async () => {
    const res = await answer(new Error('SELECT * FROM secrets at /srv/app.js:12'));
    expect(res).toMatchObject({ status: 500, body: { code: 50000, message: 'Internal server error', data: null } });
  });

  it('When domain errors escape, Then the specific codes win over the generic ones', async () => {
    expect((await answer(new EnvelopeUnknownUserError())).body).toMatchObject({ code: 40001, data: null });
    expect((await answer(new EnvelopeWeakPasswordError('weak'))).body).toMatchObject({ code: 40004, data: null });
    expect(await answer(new ForbiddenError('no'))).toMatchObject({ status: 403, body: { code: 40300, message: 'no', data: null } });
    expect(await answer(new NotFoundError('envelope_agent'))).toMatchObject({ status: 404, body: { code: 40400, data: null } });
    expect(await answer(new TooManyLoginAttemptsError(42))).toMatchObject({ status: 429, body: { code: 42900, data: null }, retryAfter: '42' });
    expect(await answer(new ValidateError({ 'body.name': { message: 'is required' } }, ''))).toMatchObject({
      status: 400,
      body: { code: 40000, message: 'name: is required', data: null },
    });
  });
});
