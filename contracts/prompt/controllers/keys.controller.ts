import { Request as ExpressRequest } from 'express';
import { inject, injectable } from 'inversify';
import { Body, Controller, Post, Request, Response, Route, SuccessResponse, Tags } from '@tsoa/runtime';
import { ApiKeyIssuer } from '../../../core/services/prompt/api-key-issuer.service';
import { PromptErrorResponse } from '../dto/prompt-envelope.dto';
import { PromptKeyCreateRequest, PromptKeyResponse } from '../dto/prompt-key.dto';
import { clientAddressOf } from '../../http/client-address';

@injectable()
@Route('api/v1/prompt/keys')
@Tags('API keys')
export class PromptKeysController extends Controller {
  constructor(@inject(ApiKeyIssuer) private readonly issuer: ApiKeyIssuer) {
    super();
  }

  /**
   * Issues an API key at once, without review. The key is shown only in this response.
   * At most 60 keys are issued per client address per hour.
   */
  @Post()
  @SuccessResponse(201, 'Created')
  @Response<PromptErrorResponse>(400, 'Missing or invalid name, or a body that is not JSON')
  @Response<PromptErrorResponse>(429, 'Too many keys issued to this address within the hour (see Retry-After)')
  public async create(@Body() body: PromptKeyCreateRequest, @Request() request: ExpressRequest): Promise<PromptKeyResponse> {
    const issued = await this.issuer.issue({ name: body.name, clientAddress: clientAddressOf(request) });
    this.setStatus(201);
    return { code: 200, message: 'success', data: { name: issued.name, api_key: issued.apiKey } };
  }
}
