import { Request as ExpressRequest } from 'express';
import { inject, injectable } from 'inversify';
import { Body, Controller, Post, Request, Response, Route, Security, Tags } from '@tsoa/runtime';
import { PromptOptimizer } from '../../../core/services/prompt/prompt-optimizer.service';
import { PromptErrorResponse } from '../dto/prompt-envelope.dto';
import { PromptLimitedErrorResponse, PromptOptimizeRequest, PromptOptimizeResponse } from '../dto/prompt-optimize.dto';
import { announcedRateLimit } from '../http/rate-limit-state';
import { toPromptOptimizeData } from '../mappers/prompt-optimization.mapper';

@injectable()
@Route('api/v1/prompt')
@Tags('Prompt optimization')
export class PromptOptimizeController extends Controller {
  constructor(@inject(PromptOptimizer) private readonly optimizer: PromptOptimizer) {
    super();
  }

  /**
   * Analyses the intent of a requirement or rough prompt (model call 1), then writes a
   * reusable Markdown prompt for it (model call 2). Every request with a valid key counts
   * against the key's limit of 20 per 60-second window.
   */
  @Post('optimize')
  @Security('api_key')
  @Response<PromptLimitedErrorResponse>(400, '`input_text` missing, shorter than 10 or longer than 8,000 characters, or a body that is not JSON')
  @Response<PromptErrorResponse>(401, '`X-API-Key` missing')
  @Response<PromptErrorResponse>(403, 'API key not valid')
  @Response<PromptLimitedErrorResponse>(429, 'Rate limit exceeded (see Retry-After)')
  @Response<PromptErrorResponse>(500, 'Internal service error')
  @Response<PromptLimitedErrorResponse>(502, 'The model failed or gave an answer that could not be used')
  public async optimize(@Body() body: PromptOptimizeRequest, @Request() request: ExpressRequest): Promise<PromptOptimizeResponse> {
    const result = await this.optimizer.optimize(body.input_text, abortedWhenClientLeaves(request));
    const rateLimit = request.res ? announcedRateLimit(request.res) : undefined;
    if (!rateLimit) throw new Error('The optimize route ran without its rate-limit decision');
    return { code: 200, message: 'success', data: toPromptOptimizeData(result), rate_limit: rateLimit };
  }
}

/** Aborts the model calls when the client disconnects before the answer is sent. */
function abortedWhenClientLeaves(request: ExpressRequest): AbortSignal {
  const controller = new AbortController();
  request.res?.once('close', () => {
    if (!request.res?.writableFinished) controller.abort();
  });
  return controller.signal;
}
